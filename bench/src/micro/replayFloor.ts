/**
 * Micro-benchmark (RESULTS.md, seventh session, replay's floor): the CPU per event of reading an
 * event log (node:sqlite, pages of 1,000), then also `JSON.parse` of data and metadata, then also
 * the zod parse the projections need, on one thread. Prints one JSON line.
 * `npx node bench/src/micro/replayFloor.ts <events.db> read|parse|zod` (e.g. the log scenario 4
 * writes, kept with `npm run bench -- --only=4 --keep`).
 */
import { DatabaseSync } from "node:sqlite";
import { isKnownEventType, parseEvent } from "@shop/contracts";

const [file, mode = "read"] = process.argv.slice(2);
if (!file || !["read", "parse", "zod"].includes(mode))
  throw new Error("usage: replayFloor.ts <events.db> read|parse|zod");
const db = new DatabaseSync(file, { readOnly: true });
const page = db.prepare(
  "SELECT position, type, data, metadata FROM events WHERE position > ? ORDER BY position LIMIT 1000",
);
const cpu0 = process.cpuUsage();
const wall0 = performance.now();
let after = 0;
let events = 0;
for (;;) {
  const rows = page.all(after) as { position: number; type: string; data: string; metadata: string }[];
  if (rows.length === 0) break;
  for (const r of rows) {
    events += 1;
    if (mode === "read") continue;
    const data: unknown = JSON.parse(r.data);
    const metadata = JSON.parse(r.metadata) as { schemaVersion?: number };
    if (mode === "zod" && isKnownEventType(r.type)) parseEvent(r.type, data, metadata.schemaVersion);
  }
  after = Number(rows[rows.length - 1]!.position);
}
const cpu = process.cpuUsage(cpu0);
process.stdout.write(
  `${JSON.stringify({
    mode,
    events,
    wallMs: Math.round(performance.now() - wall0),
    cpuMs: Math.round((cpu.user + cpu.system) / 1000),
    cpuUsPerEvent: Number(((cpu.user + cpu.system) / events).toFixed(2)),
  })}\n`,
);
