import { DatabaseSync } from "node:sqlite";
import { parentPort } from "node:worker_threads";

/** One snapshot write, encoded on the main thread (see `MemorySnapshot.writeInBackground`). */
export interface SnapshotWriteMessage {
  file: string;
  /** Collections emptied at once since the last write: their rows go first. */
  cleared: string[];
  /** [collection, id, encoded document, or null: deleted]. */
  rows: [string, string, string | Uint8Array | null][];
  meta: { format: number; version: string; position: string | null; documents: number };
}

let db: DatabaseSync | undefined;

/** Runs one write in one transaction, off the event loop that answers requests. */
parentPort?.on("message", (m: SnapshotWriteMessage) => {
  try {
    if (!db) {
      db = new DatabaseSync(m.file);
      db.exec("PRAGMA synchronous = NORMAL");
      db.exec("PRAGMA busy_timeout = 5000");
    }
    const put = db.prepare("INSERT OR REPLACE INTO docs (coll, id, doc) VALUES (?, ?, ?)");
    const del = db.prepare("DELETE FROM docs WHERE coll = ? AND id = ?");
    db.exec("BEGIN IMMEDIATE");
    try {
      for (const coll of m.cleared) db.prepare("DELETE FROM docs WHERE coll = ?").run(coll);
      for (const [coll, id, doc] of m.rows) {
        if (doc === null) del.run(coll, id);
        else put.run(coll, id, doc);
      }
      db.prepare(
        "INSERT OR REPLACE INTO meta (id, format, version, position, documents, written_at) VALUES (1, ?, ?, ?, ?, ?)",
      ).run(m.meta.format, m.meta.version, m.meta.position, m.meta.documents, new Date().toISOString());
      db.exec("COMMIT");
    } catch (err) {
      if (db.isTransaction) db.exec("ROLLBACK");
      throw err;
    }
    parentPort?.postMessage({ ok: true });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: String(err) });
  }
});
