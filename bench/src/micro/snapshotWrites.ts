/**
 * Micro-benchmark (RESULTS.md, fifth session, live path): five background snapshot writes of 500
 * changed order-like documents; per write the encoding time (sum of chunks), the longest gap
 * between two turns of another callback, and the wall time. `node bench/src/micro/snapshotWrites.ts`.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createMemoryDocumentStore, openMemorySnapshot, saveCheckpoint } from "@shop/platform";

const dir = mkdtempSync(join(tmpdir(), "live-micro2-"));
const docs = createMemoryDocumentStore();
const orders = docs.collection("orders");
const order = (i: number, v: number) => ({
  _id: `o${i}`,
  revision: v,
  status: v % 3,
  customer: { name: `Customer ${i}`, email: `c${i}@example.com`, school: "St. Mary's" },
  items: Array.from({ length: 6 }, (_, k) => ({
    productId: `p${k}`,
    title: `Mathematics Class ${k} textbook, 2026 edition`,
    quantity: 1 + (k % 3),
    pricePaise: 45_000 + k,
  })),
  timeline: Array.from({ length: 1 + v }, (_, k) => ({
    status: k % 3,
    at: new Date(1_700_000_000_000 + k * 1000).toISOString(),
    by: "admin",
  })),
  totals: { pricePaise: 300_000, discountPaise: 0, payablePaise: 300_000 },
  placedAt: new Date(1_700_000_000_000 + i).toISOString(),
});
for (let i = 0; i < 5000; i++) await orders.replaceOne({ _id: `o${i}` }, order(i, 3), { upsert: true });
await saveCheckpoint(docs, "10");
const snap = openMemorySnapshot(docs, {
  file: join(dir, "rm.db"),
  version: "v",
  collections: ["orders", "checkpoints"],
});
await snap.load("10");
snap.write();
const rounds: { heldMs: number; longestGapMs: number; wallMs: number }[] = [];
for (let r = 0; r < 5; r++) {
  for (let i = 0; i < 500; i++)
    await orders.replaceOne(
      { _id: `o${(i * 7 + r * 500) % 5000}` },
      order((i * 7 + r * 500) % 5000, 4 + r),
      {},
    );
  await saveCheckpoint(docs, String(11 + r));
  let last = performance.now();
  let longest = 0;
  let done = false;
  const tick = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (!done) setImmediate(tick);
  };
  const t0 = performance.now();
  last = t0;
  setImmediate(tick);
  const w = await snap.writeInBackground();
  done = true;
  rounds.push({
    heldMs: +w.ms.toFixed(2),
    longestGapMs: +Math.max(longest, performance.now() - last).toFixed(2),
    wallMs: +(performance.now() - t0).toFixed(1),
  });
}
await snap.close();
rmSync(dir, { recursive: true, force: true });
console.log(JSON.stringify(rounds));
