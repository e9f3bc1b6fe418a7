import { setFlagsFromString } from "node:v8";
import { runInNewContext } from "node:vm";

let gc: (() => void) | undefined;

/**
 * Runs a full garbage collection now, answering how long it took (ms). For the end of a boot that
 * replayed the log in bulk: that leaves a few hundred MB of garbage in the old generation, which
 * V8 would otherwise collect while the first requests are served (a concurrent marking whose
 * steps run inside their allocations, then a final pause): the orders page's p99 right after such
 * a boot 2.5 → 1.3 ms (bench/RESULTS.md, ninth session). `--expose-gc` is set only while one new
 * `vm` context is made, so neither the shop's global scope nor a thread started later gets a `gc`.
 */
export function collectGarbage(): number {
  if (!gc) {
    setFlagsFromString("--expose-gc");
    gc = runInNewContext("gc") as () => void;
    // The flag applies to every context made while it is set (a worker thread started later
    // would get a global `gc`): off again once this one function is held.
    setFlagsFromString("--no-expose-gc");
  }
  const started = performance.now();
  gc();
  return performance.now() - started;
}
