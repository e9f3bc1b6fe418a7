import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  CHECKPOINTS,
  createLogger,
  createSqliteEventStore,
  type Doc,
  type DocumentStore,
  type LivePublisher,
} from "@shop/platform";

/** A temporary SQLite event store and its cleanup. */
export const tempEventStore = () => {
  const dir = mkdtempSync(join(tmpdir(), "projector-"));
  // Replays are read in the store's reader thread, however short, as a long one is in production.
  const events = createSqliteEventStore({ file: join(dir, "events.db"), replayThreadFrom: 0 });
  return {
    events,
    async destroy() {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

export const silentLogger = () => createLogger({ level: "silent" });

/** A live publisher that records what it was told, in order. */
export const recordingLive = () => {
  const emitted: { rooms: string[]; event: string; payload: Record<string, unknown> }[] = [];
  const live: LivePublisher = {
    emit: (rooms, event, payload) =>
      emitted.push({ rooms, event, payload: payload as Record<string, unknown> }),
    socketsJoin: () => {},
    socketsLeave: () => {},
    disconnectSockets: () => {},
  };
  return { live, emitted };
};

/** Counts checkpoint writes through a document store, passing everything else through. */
export const countingCheckpoints = (docs: DocumentStore) => {
  let writes = 0;
  const store: DocumentStore = {
    collection<T extends Doc = Doc>(name: string) {
      const coll = docs.collection<T>(name);
      if (name !== CHECKPOINTS) return coll;
      return {
        ...coll,
        replaceOne: (...args: Parameters<typeof coll.replaceOne>) => {
          writes += 1;
          return coll.replaceOne(...args);
        },
      };
    },
    close: () => docs.close(),
  };
  return { docs: store, writes: () => writes };
};

/** Every document of every collection, by `_id`, for comparing two stores. */
export const dump = async (docs: DocumentStore, collections: string[]) => {
  const out: Record<string, Doc[]> = {};
  for (const c of collections) out[c] = await docs.collection(c).find({}, { sort: { _id: 1 } });
  return out;
};
