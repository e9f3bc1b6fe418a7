/**
 * Replays an event log file into fresh in-memory read models with `rebuildReadModels`, the same
 * code the projector runs, and prints one JSON line: events, ms, CPU ms, events/s and peak RSS.
 * Usage: rebuild.ts <events.db>
 */
import { createMemoryDocumentStore, createSqliteEventStore } from "@shop/platform";
import { allProjections, rebuildReadModels } from "@shop/projector";

const file = process.argv[2];
if (!file) throw new Error("usage: rebuild.ts <events.db>");
const events = createSqliteEventStore({ file });
const docs = createMemoryDocumentStore();
const cpu0 = process.cpuUsage();
const thread0 = process.threadCpuUsage();
const result = await rebuildReadModels({ events, docs, projections: allProjections });
const cpu = process.cpuUsage(cpu0);
const thread = process.threadCpuUsage(thread0);
const orders = await docs.collection("orders").countDocuments({});
await events.close();
process.stdout.write(
  `${JSON.stringify({
    events: result.events,
    ms: result.ms,
    // CPU time of the replay itself (this process, all threads): steadier than ms on a shared machine.
    cpuMs: (cpu.user + cpu.system) / 1000,
    // CPU time of the thread that projects (the replay's critical path when reading runs beside it).
    mainCpuMs: (thread.user + thread.system) / 1000,
    perSecond: result.events / (result.ms / 1000),
    orders,
    maxRssKiB: process.resourceUsage().maxRSS,
  })}\n`,
);
