import { createHash } from "node:crypto";
import { readdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  dashboardCollection,
  openOrdersCollection,
  ordersCollection,
  positionsBehind,
} from "@shop/contracts";
import {
  CHECKPOINTS,
  collectGarbage,
  type EventStore,
  type MemoryDocumentStore,
  type MemorySnapshot,
  openMemorySnapshot,
  type SnapshotLoad,
} from "@shop/platform";
import { type AnyProjection, catchUpReadModels, rebuildReadModels } from "@shop/projector";
import type { Logger } from "pino";
import { coldDashboardFacts, coldOpenOrderRows } from "./coldFacts.ts";
import { coldOrders } from "./coldOrders.ts";

/** The file in DATA_DIR that holds the read models between runs. */
export const SNAPSHOT_FILE = "read-models.db";

const sourcesOf = (dir: string, hash: ReturnType<typeof createHash>) => {
  for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name.localeCompare(b.name),
  )) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== "testing" && entry.name !== "node_modules") sourcesOf(path, hash);
    } else if (entry.name.endsWith(".ts") && !entry.name.includes(".spec.")) {
      hash.update(entry.name);
      hash.update(readFileSync(path));
    }
  }
};

/**
 * The version of the code that makes the read models: a digest of the projector's and the
 * contracts' sources (projections, the events they read, the documents they write). Any change
 * there refuses the snapshots written before it, so the read models are rebuilt from the log
 * rather than trusted across a change of what they would hold.
 */
export const readModelsVersion = (): string => {
  const hash = createHash("sha256");
  for (const pkg of ["@shop/projector", "@shop/contracts"]) {
    sourcesOf(dirname(fileURLToPath(import.meta.resolve(pkg))), hash);
  }
  return hash.digest("hex").slice(0, 32);
};

export interface ReadModelSnapshotOptions {
  docs: MemoryDocumentStore;
  events: EventStore;
  projections: AnyProjection[];
  logger: Logger;
  file: string;
  /**
   * Written once this many documents changed (default 500; encoded ~30 µs each, in chunks of a
   * fraction of a millisecond between which the event loop runs its other work)…
   */
  everyDocuments?: number;
  /** …or this long after the first unsaved change (default 2 s). */
  everyMs?: number;
  /** Defaults to `readModelsVersion()`. */
  version?: string;
  /**
   * Delivered orders placed more than this many days ago stay in memory as stubs (default 30), as
   * do the dashboard's facts of the orders placed before then; openOrders' per-order rows always
   * do once saved (coldFacts.ts).
   */
  coldOrderDays?: number;
  /** How often saved documents that have become cold leave memory (default hourly). */
  coldSweepMs?: number;
  /**
   * A snapshot this many events or more behind the log (default 20,000) is caught up at boot in
   * bulk (`catchUpReadModels`) and saved at once, before the projector starts; a shorter tail is
   * left to the projector.
   */
  bulkTailFrom?: number;
}

export interface ReadModelSnapshot {
  /** How boot got the read models. */
  boot: {
    snapshot: SnapshotLoad;
    rebuilt?: { events: number; ms: number };
    /** A long tail replayed onto the loaded read models before the projector started. */
    caughtUp?: { events: number; ms: number };
    written?: number;
    /** A full GC after a bulk replay (its garbage collected before the first request), in ms. */
    collectedMs?: number;
  };
  /** After a projector batch (the documents match the checkpoint): writes when due. */
  afterBatch(): void;
  /** The last write, when the projector has stopped; then closes the file. */
  close(): Promise<void>;
}

/**
 * The embedded read models' boot and durability: loads the snapshot (DATA_DIR/read-models.db)
 * and leaves the checkpoint where it was taken, so the projector replays only the log's tail; a
 * missing, refused (older code, beyond the log, torn) snapshot means a full rebuild from the log,
 * saved at once. Afterwards the changed documents are saved with their checkpoint after the
 * projector's batches, at most every `everyMs` or `everyDocuments`, and at shutdown.
 */
export const bootReadModels = async (opts: ReadModelSnapshotOptions): Promise<ReadModelSnapshot> => {
  const { docs, events, projections, logger } = opts;
  for (const p of projections) {
    for (const idx of p.indexes) {
      await docs.collection(p.collection).createIndex(idx.keys, idx.unique ? { unique: true } : {});
    }
  }
  const coldDays = opts.coldOrderDays ?? 30;
  const open = (): MemorySnapshot =>
    openMemorySnapshot(docs, {
      file: opts.file,
      version: opts.version ?? readModelsVersion(),
      collections: [...new Set(projections.map((p) => p.collection)), CHECKPOINTS],
      cold: {
        [ordersCollection.name]: coldOrders(coldDays),
        [dashboardCollection.name]: coldDashboardFacts(coldDays),
        [openOrdersCollection.name]: coldOpenOrderRows(),
      },
      // Each document's own: its id, its log position, an order's placement time and short id.
      unpooled: ["id", "position", "positionKey", "placedAt", "shortId"],
    });
  let snapshot = open();
  const head = await events.headPosition();
  const loaded = await snapshot.load(head);
  if (!loaded.loaded && loaded.reason === "unreadable") {
    // Damaged pages (a torn write, a bad disk): the file would fail the rebuild's write too, at
    // every start. It holds nothing the log does not: replaced by a new one.
    await snapshot.close();
    for (const f of [opts.file, `${opts.file}-wal`, `${opts.file}-shm`]) rmSync(f, { force: true });
    snapshot = open();
    logger.warn({ file: opts.file }, "damaged read-model snapshot removed; a new one is written");
  } else if (!loaded.loaded && loaded.reason === "ahead of the log") {
    // The log is shorter than the snapshot says (an older copy restored, or events.db lost): the
    // read models are rebuilt from the log as it is, but the snapshot may be the last copy of the
    // rest, so it is kept aside for the operator, never overwritten.
    await snapshot.close();
    const kept = `${opts.file}.ahead-of-log-${new Date().toISOString().replaceAll(":", "-")}`;
    renameSync(opts.file, kept);
    for (const f of [`${opts.file}-wal`, `${opts.file}-shm`]) rmSync(f, { force: true });
    snapshot = open();
    logger.error(
      { kept, detail: loaded.detail },
      "read-model snapshot is ahead of the event log: rebuilt from the log; the snapshot is kept aside",
    );
  }
  const boot: ReadModelSnapshot["boot"] = { snapshot: loaded };
  if (loaded.loaded) {
    logger.info(
      {
        documents: loaded.documents,
        position: loaded.position,
        head,
        ms: Math.round(loaded.ms),
        indexOrders: loaded.indexOrders,
      },
      "read models loaded from their snapshot",
    );
    // A long tail (the log written on without this process, a snapshot restored from long ago):
    // replayed in bulk and saved now, rather than event by event through the live path and then
    // written beside the first requests.
    if (positionsBehind(head, loaded.position) >= (opts.bulkTailFrom ?? 20_000)) {
      const caughtUp = await catchUpReadModels({ events, docs, projections, from: loaded.position });
      boot.caughtUp = { events: caughtUp.events, ms: Math.round(caughtUp.ms) };
      logger.info(boot.caughtUp, "read models caught up with the log's tail");
      const written = snapshot.write();
      boot.written = written.documents;
      logger.info(
        { documents: written.documents, ms: Math.round(written.ms) },
        "read-model snapshot written",
      );
    }
  } else {
    if (loaded.reason !== "none")
      logger.warn(
        { reason: loaded.reason, detail: loaded.detail },
        "read-model snapshot refused; rebuilding",
      );
    if (head !== "0") {
      const rebuilt = await rebuildReadModels({ events, docs, projections });
      boot.rebuilt = { events: rebuilt.events, ms: Math.round(rebuilt.ms) };
      logger.info(boot.rebuilt, "read models rebuilt from the log");
    }
    const written = snapshot.write();
    boot.written = written.documents;
    logger.info({ documents: written.documents, ms: Math.round(written.ms) }, "read-model snapshot written");
  }

  // Documents saved while recent that have become cold since (orders, the dashboard's facts of
  // them, openOrders' rows), out of memory now and then hourly.
  const sweepCold = () => {
    try {
      return snapshot.evictCold();
    } catch (err) {
      // Another process holds the file's lock (or its disk failed): kept whole, swept next time.
      logger.warn({ err }, "cold documents sweep failed");
      return 0;
    }
  };
  const evicted = sweepCold();
  if (evicted > 0) logger.info({ documents: evicted }, "cold documents left memory");
  // A bulk replay leaves a few hundred MB of garbage in the old generation: collected now, before
  // the shop says it is ready, rather than by a full GC that steps through the first requests.
  if (boot.caughtUp || boot.rebuilt) {
    boot.collectedMs = Math.round(collectGarbage());
    logger.info({ ms: boot.collectedMs }, "boot's garbage collected");
  }
  const sweep = setInterval(sweepCold, opts.coldSweepMs ?? 3_600_000);
  sweep.unref();

  const everyDocuments = opts.everyDocuments ?? 500;
  const everyMs = opts.everyMs ?? 2000;
  let lastWrite = performance.now();
  let closed = false;
  let inFlight: Promise<unknown> | undefined;
  /** Encodes the changes here, a chunk per turn of the event loop; the SQLite transaction runs on a worker thread. */
  const write = () => {
    lastWrite = performance.now();
    inFlight = snapshot.writeInBackground().then(
      (w) =>
        logger.debug(
          { documents: w.documents, encodeMs: Math.round(w.ms), position: w.position },
          "read-model snapshot written",
        ),
      // The previous snapshot stays; the next write saves everything.
      (err: unknown) => logger.warn({ err }, "read-model snapshot write failed"),
    );
  };
  // A quiet shop: the last batch's changes are saved `everyMs` later. The in-memory projector
  // applies a batch without yielding to timers, so this runs between batches too.
  const timer = setInterval(() => {
    if (snapshot.pending() > 0 && performance.now() - lastWrite >= everyMs) write();
  }, everyMs);
  timer.unref();
  return {
    boot,
    afterBatch() {
      if (closed) return;
      const pending = snapshot.pending();
      if (pending >= everyDocuments || (pending > 0 && performance.now() - lastWrite >= everyMs)) write();
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      clearInterval(sweep);
      await inFlight;
      if (snapshot.pending() > 0) {
        try {
          snapshot.write();
        } catch (err) {
          logger.warn({ err }, "read-model snapshot write failed");
        }
      }
      // The next start then takes each index's order instead of sorting it.
      try {
        snapshot.saveIndexOrders();
      } catch (err) {
        logger.warn({ err }, "read-model index orders not saved");
      }
      await snapshot.close();
    },
  };
};
