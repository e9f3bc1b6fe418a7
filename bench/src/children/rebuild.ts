/**
 * Replays an event log file into fresh in-memory read models with `rebuildReadModels`, the same
 * code the projector runs, and prints one JSON line: events, ms, events/s and peak RSS.
 * Usage: rebuild.ts <events.db>
 */
import { createMemoryDocumentStore, createSqliteEventStore } from "@shop/platform";
import { allProjections, rebuildReadModels } from "@shop/projector";

const file = process.argv[2];
if (!file) throw new Error("usage: rebuild.ts <events.db>");
const events = createSqliteEventStore({ file });
const docs = createMemoryDocumentStore();
const result = await rebuildReadModels({ events, docs, projections: allProjections });
const orders = await docs.collection("orders").countDocuments({});
await events.close();
process.stdout.write(
  `${JSON.stringify({
    events: result.events,
    ms: result.ms,
    perSecond: result.events / (result.ms / 1000),
    orders,
    maxRssKiB: process.resourceUsage().maxRSS,
  })}\n`,
);
