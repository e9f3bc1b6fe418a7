import { createLogger, loadConfig, openPorts } from "@shop/platform";
import { allProjections } from "./projections.ts";
import { rebuildReadModels } from "./rebuild.ts";

/**
 * `npm run rebuild-read-models`: replays the log into fresh read-model collections and prints the
 * rate. Production (MONGO_URL, EVENTSTORE_URL) is the real use: stop the projector first. The
 * embedded profile keeps read models in memory, saved to DATA_DIR/read-models.db (the standalone
 * loads that snapshot at start and replays the log's tail; it rebuilds from the whole log when the
 * file is missing, from other code, or beyond the log). So without MONGO_URL this replays
 * DATA_DIR's log into memory only, to measure; to rebuild the embedded read models, stop the shop
 * and delete DATA_DIR/read-models.db.
 */
const open = async () => {
  const config = loadConfig();
  const logger = createLogger({ logLevel: "warn" });
  const { events, docs } = await openPorts(config, { logger, use: ["events", "docs"] });
  if (!config.mongoUrl)
    process.stdout.write(
      "No MONGO_URL: replaying into memory only, to measure. To rebuild the embedded read models, stop the shop and delete DATA_DIR/read-models.db.\n",
    );
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
