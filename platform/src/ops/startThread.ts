import { Worker, type WorkerOptions } from "node:worker_threads";

/**
 * Starts a worker thread on the module `entry`. The thread's first code is a one-line script that
 * imports it, not the module file itself: a thread whose entry is a module file inherits the
 * process's `--input-type` (set when the main script is text, `node --input-type=module -e …`, as
 * some tests start a shop) and refuses to start with it. The process's other options (a
 * profiler's, V8's) carry over as they do to any thread; a failure to load the module is the
 * thread's `error` event, as it would be.
 */
export const startThread = (entry: URL, options: Omit<WorkerOptions, "eval"> = {}): Worker =>
  new Worker(`import(${JSON.stringify(entry.href)});`, { ...options, eval: true });
