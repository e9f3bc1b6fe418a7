/**
 * The shop child as `npm start` runs it (standalone/src/main.ts): Node's compile cache enabled before
 * the shop's modules are imported (shopRun.ts), so a restart does not compile them again.
 */
import { enableCompileCache } from "node:module";

enableCompileCache();
await import("./shopRun.ts");
