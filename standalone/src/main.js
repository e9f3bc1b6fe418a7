/**
 * `npm start`: the embedded shop (run.ts). V8's compiled code for its modules is kept between starts
 * (Node's compile cache, in the system's temp folder; an entry whose source changed is not used):
 * a restart compiles none of them again, in this thread or in the threads it starts
 * (compileCache.js). Enabled before they are imported, which is why this file imports run.ts only
 * now. The cache also keeps their TypeScript with its types stripped; this entry is JavaScript, read
 * before the cache is on, so a start never loads Node's type stripper (~0.1 s of every boot:
 * RESULTS.md, twelfth session).
 */
import { enableSharedCompileCache } from "./compileCache.js";

enableSharedCompileCache();
await import("./run.ts");
