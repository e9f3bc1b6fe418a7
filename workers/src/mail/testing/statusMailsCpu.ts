/**
 * A/B micro-benchmark (RESULTS.md, fifth session, live path): CPU per status change of the
 * status-mail subscription, and per guarded `replaceOne` / conditional checkpoint save on the memory
 * store. `node workers/src/mail/testing/statusMailsCpu.ts` from the repo root.
 */
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import {
  createLogger,
  createMemoryDocumentStore,
  createSqliteEventStore,
  sqliteNamedCheckpoint,
} from "@shop/platform";
import { followStatusMails } from "../statusMails.ts";
import { countingJobQueue } from "./countingJobQueue.ts";
import { systemMetadata } from "./systemMetadata.ts";

const cpu = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};
const meta = systemMetadata;
const dir = mkdtempSync(join(tmpdir(), "live-micro-"));
const events = createSqliteEventStore({ file: join(dir, "events.db") });
const ORDERS = 50,
  CHANGES = 40;
for (let o = 0; o < ORDERS; o++) {
  const orderId = randomUUID();
  const stream = `order-${orderId}`;
  await events.appendToStream(stream, [{ ...orderPlaced({ orderId }), metadata: meta() }], {
    expectedRevision: "no_stream",
  });
  const batch = [];
  for (let c = 0; c < CHANGES; c++)
    batch.push({ ...orderStatusChanged(c % 2 ? 2 : 1, c % 2 ? 1 : 2, orderId), metadata: meta() });
  await events.appendToStream(stream, batch, { expectedRevision: 0 });
}
// 1. The status-mail subscription over ORDERS×CHANGES changes.
const { jobs, added } = countingJobQueue();
const checkpoint = sqliteNamedCheckpoint(join(dir, "secrets.db"), "m");
await checkpoint.save("0");
const stop = new AbortController();
const c0 = cpu();
const running = followStatusMails({
  events,
  jobs,
  checkpoint,
  logger: createLogger({ level: "silent" }),
  signal: stop.signal,
});
while (added() < ORDERS * CHANGES) await new Promise((r) => setImmediate(r));
const mailMs = cpu() - c0;
stop.abort();
await running;
await checkpoint.close();
// 2. A projector's guarded replace and the checkpoint-style conditional save on the memory store.
const docs = createMemoryDocumentStore();
const coll = docs.collection("orders");
for (let i = 0; i < 1000; i++)
  await coll.replaceOne(
    { _id: `o${i}` },
    { _id: `o${i}`, revision: 0, at: "0".padStart(20, "0"), fence: 0, n: i },
    { upsert: true },
  );
const N = 50_000;
const c1 = cpu();
for (let i = 0; i < N; i++) {
  const id = `o${i % 1000}`;
  const r = Math.floor(i / 1000) + 1;
  await coll.replaceOne(
    { _id: id, revision: { $lt: r } },
    { _id: id, revision: r, at: String(r).padStart(20, "0"), fence: 0, n: i },
  );
}
const guardedUs = ((cpu() - c1) * 1000) / N;
const c2 = cpu();
for (let i = 0; i < N; i++) {
  const id = `o${i % 1000}`;
  await coll.replaceOne(
    { _id: id, at: { $not: { $gte: String(i + 100).padStart(20, "0") } }, fence: { $not: { $gt: 0 } } },
    { _id: id, revision: 0, at: String(i + 100).padStart(20, "0"), fence: 0, n: i },
  );
}
const checkpointUs = ((cpu() - c2) * 1000) / N;
await events.close();
rmSync(dir, { recursive: true, force: true });
console.log(
  JSON.stringify({
    mailCpuMsPerChange: +(mailMs / (ORDERS * CHANGES)).toFixed(4),
    guardedReplaceUs: +guardedUs.toFixed(2),
    checkpointSaveUs: +checkpointUs.toFixed(2),
  }),
);
