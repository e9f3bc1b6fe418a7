import type { DatabaseSync } from "node:sqlite";
import { parentPort } from "node:worker_threads";
import { immediateTransaction, openSqlite } from "../sqlite/openSqlite.ts";

/** One snapshot write, encoded on the main thread (see `MemorySnapshot.writeInBackground`). */
export interface SnapshotWriteMessage {
  file: string;
  /** Collections emptied at once since the last write: their rows go first. */
  cleared: string[];
  /** [collection, id, encoded document, or null: deleted; its encoded stub when it is cold]. */
  rows: [string, string, string | Uint8Array | null, string | Uint8Array | null][];
  meta: { format: number; version: string; position: string | null; documents: number };
}

let db: DatabaseSync | undefined;

/** Runs one write in one transaction, off the event loop that answers requests. */
parentPort?.on("message", (m: SnapshotWriteMessage) => {
  try {
    db ??= openSqlite(m.file, { durability: "crash" });
    const conn = db;
    const put = conn.prepare("INSERT OR REPLACE INTO docs (coll, id, doc, stub) VALUES (?, ?, ?, ?)");
    const del = conn.prepare("DELETE FROM docs WHERE coll = ? AND id = ?");
    immediateTransaction(conn, () => {
      for (const coll of m.cleared) conn.prepare("DELETE FROM docs WHERE coll = ?").run(coll);
      for (const [coll, id, doc, stub] of m.rows) {
        if (doc === null) del.run(coll, id);
        else put.run(coll, id, doc, stub);
      }
      conn
        .prepare(
          "INSERT OR REPLACE INTO meta (id, format, version, position, documents, written_at) VALUES (1, ?, ?, ?, ?, ?)",
        )
        .run(m.meta.format, m.meta.version, m.meta.position, m.meta.documents, new Date().toISOString());
    });
    parentPort?.postMessage({ ok: true });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: String(err) });
  }
});
