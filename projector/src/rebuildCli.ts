import { join } from "node:path";
import * as platform from "@shop/platform";
import {
  createMemoryDocumentStore,
  createSqliteEventStore,
  type DocumentStore,
  type EventStore,
  loadConfig,
} from "@shop/platform";
import { allProjections } from "./index.ts";
import { rebuildReadModels } from "./rebuild.ts";

/**
 * `npm run rebuild-read-models`: replays the log into fresh read-model collections and prints the
 * rate. Production (MONGO_URL, EVENTSTORE_URL) is the real use: stop the projector first. The
 * embedded profile keeps read models in memory and rebuilds them at every start, so without
 * MONGO_URL this replays DATA_DIR's log into memory only, to measure.
 */

// The production adapters are looked up by name: they join platform's public exports separately.
interface ProductionAdapters {
  createMongoDocumentStore?: (o: { url: string }) => DocumentStore & { connect?(): Promise<void> };
  createEsdbEventStore?: (o: { url: string }) => EventStore;
}
const adapters = platform as unknown as ProductionAdapters;

const open = async () => {
  const config = loadConfig();
  let events: EventStore;
  if (config.eventStoreUrl) {
    if (!adapters.createEsdbEventStore) throw new Error("this build has no EventStoreDB adapter");
    events = adapters.createEsdbEventStore({ url: config.eventStoreUrl });
  } else {
    events = createSqliteEventStore({ file: join(config.dataDir, "events.db") });
  }
  let docs: DocumentStore;
  if (config.mongoUrl) {
    if (!adapters.createMongoDocumentStore) throw new Error("this build has no MongoDB adapter");
    const mongo = adapters.createMongoDocumentStore({ url: config.mongoUrl });
    await mongo.connect?.();
    docs = mongo;
  } else {
    process.stdout.write(
      "No MONGO_URL: replaying into memory (embedded read models rebuild at every start).\n",
    );
    docs = createMemoryDocumentStore();
  }
  return { events, docs };
};

const main = async () => {
  const { events, docs } = await open();
  try {
    const result = await rebuildReadModels({ events, docs, projections: allProjections });
    const perSecond = result.ms > 0 ? Math.round((result.events / result.ms) * 1000) : result.events;
    process.stdout.write(
      `Rebuilt ${allProjections.length} read models from ${result.events} events in ${Math.round(result.ms)} ms ` +
        `(${perSecond} events/s), checkpoint at ${result.position}.\n`,
    );
  } finally {
    await Promise.all([events.close(), docs.close()]);
  }
};

main().catch((err: unknown) => {
  process.stderr.write(
    `rebuild failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`,
  );
  process.exitCode = 1;
});
