/**
 * Node's compile cache for this process and the threads it starts (RESULTS.md, twelfth and
 * thirteenth sessions). `enableCompileCache` turns it on for this thread only; worker threads (the
 * event store's writer, the mail thread, the snapshot's threads) read `NODE_COMPILE_CACHE` from the
 * environment they are given, so without it each would strip and compile its TypeScript modules
 * again at every start (~0.1 s of CPU each). JavaScript, so an entry can call it before it imports
 * any TypeScript.
 */
import { constants, enableCompileCache } from "node:module";

/** Enables the cache and names its folder in `process.env` for the threads and children started after. */
export const enableSharedCompileCache = () => {
  const result = enableCompileCache();
  const on =
    result.status === constants.compileCacheStatus.ENABLED ||
    result.status === constants.compileCacheStatus.ALREADY_ENABLED;
  if (on && result.directory) process.env.NODE_COMPILE_CACHE = result.directory;
  return result;
};
