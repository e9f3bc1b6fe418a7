import { describe, expect, it } from "vitest";
import { availableBatches } from "./batches.ts";

/** A log read without I/O waits, as the SQLite store's subscription reads its pages. */
async function* inMemoryLog(count: number): AsyncGenerator<number> {
  for (let i = 0; i < count; i++) yield i;
}

describe("availableBatches", () => {
  it("groups what is available into batches of at most max, in order, dropping nothing", async () => {
    const seen: number[][] = [];
    for await (const batch of availableBatches(inMemoryLog(25), 10)) seen.push(batch);
    expect(seen.map((b) => b.length)).toEqual([10, 10, 5]);
    expect(seen.flat()).toEqual([...Array(25).keys()]);
  });

  it("gives the event loop a turn between full batches of a backlog, so other work runs during a catch-up", async () => {
    let turns = 0;
    let stop = false;
    const tick = () => {
      turns += 1;
      if (!stop) setImmediate(tick);
    };
    setImmediate(tick);
    const turnsAtBatch: number[] = [];
    for await (const _batch of availableBatches(inMemoryLog(1000), 100)) turnsAtBatch.push(turns);
    stop = true;
    expect(turnsAtBatch).toHaveLength(10);
    // Work queued on the loop ran while the backlog was still being handed over, not only after it.
    expect(turnsAtBatch[9]).toBeGreaterThanOrEqual(8);
  });
});
