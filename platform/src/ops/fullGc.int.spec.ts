import { getHeapStatistics } from "node:v8";
import { Worker } from "node:worker_threads";
import { describe, expect, it } from "vitest";
import { collectGarbage } from "./fullGc.ts";

describe("a full garbage collection on demand", () => {
  it("frees the old generation's garbage at once, and leaves no gc in the global scope", () => {
    // Garbage that has reached the old generation, as a bulk replay leaves it.
    let kept: { n: number; s: string }[][] = [];
    for (let round = 0; round < 20; round++) {
      kept.push(Array.from({ length: 20_000 }, (_, n) => ({ n, s: `doc-${round}-${n}` })));
    }
    kept = [];
    const before = getHeapStatistics().used_heap_size;
    const ms = collectGarbage();
    const after = getHeapStatistics().used_heap_size;
    expect(ms).toBeGreaterThan(0);
    expect(before - after).toBeGreaterThan(20 * 1024 * 1024);
    expect(kept).toHaveLength(0);
    expect("gc" in globalThis).toBe(false);
  });

  it("leaves no gc in the threads started after it either", async () => {
    collectGarbage();
    const worker = new Worker(`require("node:worker_threads").parentPort.postMessage(typeof gc)`, {
      eval: true,
    });
    const seen = await new Promise((resolve, reject) => {
      worker.once("message", resolve);
      worker.once("error", reject);
    });
    await worker.terminate();
    expect(seen).toBe("undefined");
  });
});
