import { join } from "node:path";
import { comparePositions } from "@shop/contracts";
import type { Config } from "../config/config.ts";
import type { DocumentStore } from "../ports/documents.ts";
import { openSqlite, waitBrieflyForLocks } from "../sqlite/openSqlite.ts";

/**
 * A subscriber's own checkpoint (e.g. the status mails'), kept where it survives a restart: the
 * read models' MongoDB (MONGO_URL), else DATA_DIR's `secrets.db`, never the in-memory read models
 * (a restart would then redo everything). Writes only move it forward.
 */
export interface NamedCheckpoint {
  /** The stored position, or null when this subscriber never ran here. */
  load(): Promise<string | null>;
  save(position: string): Promise<void>;
  close(): Promise<void>;
}

const SQLITE_SCHEMA =
  "CREATE TABLE IF NOT EXISTS checkpoints (name TEXT PRIMARY KEY, position TEXT NOT NULL)";

/**
 * In SQLite, saved without an fsync (`durability: "crash"`): the status mails save it after each
 * mail they queue, and a flush there held the shop's event loop for milliseconds per status
 * change (bench scenario 2). A crash keeps every save; a power cut may take the last ones back,
 * and their mails are queued again: the same trade as the embedded queue, which holds its jobs
 * in memory and loses the unsent ones to a crash anyway.
 */
export const sqliteNamedCheckpoint = (file: string, name: string): NamedCheckpoint => {
  const db = openSqlite(file, { durability: "crash" });
  db.exec(SQLITE_SCHEMA);
  waitBrieflyForLocks(db);
  const read = db.prepare("SELECT position FROM checkpoints WHERE name = ?");
  const write = db.prepare(
    "INSERT INTO checkpoints (name, position) VALUES (?, ?) ON CONFLICT(name) DO UPDATE SET position = excluded.position",
  );
  return {
    async load() {
      const row = read.get(name);
      return row ? String(row.position) : null;
    },
    async save(position) {
      const row = read.get(name);
      if (row && comparePositions(String(row.position), position) >= 0) return;
      write.run(name, position);
    },
    async close() {
      if (db.isOpen) db.close();
    },
  };
};

type NamedDoc = { _id: string; position: string; at: string };

export const documentNamedCheckpoint = (docs: DocumentStore, name: string): NamedCheckpoint => {
  const coll = docs.collection<NamedDoc>("checkpoints");
  const _id = `subscriber:${name}`;
  return {
    async load() {
      return (await coll.findOne({ _id }))?.position ?? null;
    },
    async save(position) {
      const at = position.padStart(20, "0");
      const stored = await coll.findOne({ _id });
      if (stored && stored.at >= at) return;
      await coll.replaceOne({ _id }, { _id, position, at }, { upsert: true });
    },
    async close() {},
  };
};

/** The checkpoint named `name` on the store config picks (MongoDB, else SQLite in DATA_DIR). */
export async function openNamedCheckpoint(config: Config, name: string): Promise<NamedCheckpoint> {
  if (!config.mongoUrl) return sqliteNamedCheckpoint(join(config.dataDir, "secrets.db"), name);
  const { createMongoDocumentStore } = await import("../documents/mongoDocumentStore.ts");
  const docs = createMongoDocumentStore({ url: config.mongoUrl });
  const checkpoint = documentNamedCheckpoint(docs, name);
  return { ...checkpoint, close: () => docs.close() };
}
