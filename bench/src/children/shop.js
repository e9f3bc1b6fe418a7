/**
 * The shop child as `npm start` runs it (standalone/src/main.js): Node's compile cache enabled, for
 * this thread and the threads it starts, before the shop's modules are imported (shopRun.ts), so a
 * restart does not compile them again, and in JavaScript, so a start with its modules cached never
 * loads Node's type stripper.
 */
import { enableSharedCompileCache } from "@shop/standalone/compileCache";

enableSharedCompileCache();
await import("./shopRun.ts");
