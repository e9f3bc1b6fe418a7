import { execFile } from "node:child_process";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";

const run = promisify(execFile);
const MiB = 1024 * 1024;
const module = new URL("./youngGeneration.ts", import.meta.url).href;

/**
 * In a fresh Node process (V8's young generation starts small there): a bulk load of objects that
 * all survive, with or without the hold at `capMiB`, then traffic whose objects survive a
 * scavenge too; the young generation's size after each.
 */
const probe = async (hold: boolean, capMiB: number) => {
  const script = `
    import { holdYoungGeneration, youngGenerationBytes } from ${JSON.stringify(module)};
    const held = holdYoungGeneration(${capMiB * MiB});
    const kept = [];
    for (let chunk = 0; chunk < 400; chunk++) {
      for (let i = 0; i < 5000; i++) kept.push({ id: "doc-" + chunk + "-" + i, n: i, tags: [chunk] });
      if (${hold}) held.check();
    }
    const afterLoad = youngGenerationBytes();
    held.release();
    const traffic = [];
    for (let round = 0; round < 400; round++) {
      const batch = [];
      for (let i = 0; i < 5000; i++) batch.push({ round, i, s: "req-" + i });
      traffic.push(batch);
      if (traffic.length > 40) traffic.shift();
    }
    console.log(JSON.stringify({ afterLoad, afterTraffic: youngGenerationBytes(), kept: kept.length }));
  `;
  const { stdout } = await run(process.execPath, ["--input-type=module", "-e", script]);
  return JSON.parse(stdout) as { afterLoad: number; afterTraffic: number; kept: number };
};

describe("the young generation held during a bulk load", () => {
  it("stops growing at its cap during the load and grows again for the traffic after it", async () => {
    const capMiB = 4;
    const free = await probe(false, capMiB);
    const held = await probe(true, capMiB);
    expect(held.kept).toBe(2_000_000);
    // Unheld, V8 grows it well past the cap for this load; held, it stops within one doubling of it.
    expect(free.afterLoad).toBeGreaterThan(4 * capMiB * MiB);
    expect(held.afterLoad).toBeLessThanOrEqual(2 * capMiB * MiB);
    // Released: the traffic's survivors grow it again as before.
    expect(held.afterTraffic).toBeGreaterThan(2 * capMiB * MiB);
  }, 60_000);
});
