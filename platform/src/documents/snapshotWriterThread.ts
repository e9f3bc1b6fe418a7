import type { DatabaseSync } from "node:sqlite";
import { parentPort } from "node:worker_threads";
import { immediateTransaction, openSqlite } from "../sqlite/openSqlite.ts";
import { rowWrites } from "./snapshotRows.ts";

/** [collection, id, encoded document, or null: deleted; its encoded stub when it is cold]. */
export type SnapshotRow = [string, string, string | Uint8Array | null, string | Uint8Array | null];

/**
 * One snapshot write, encoded on the main thread a chunk at a time (see
 * `MemorySnapshot.writeInBackground`): `rows` messages, then `commit` (one transaction of every row
 * received since the last commit) or `abort` (drops them; the file keeps the previous snapshot).
 */
export type SnapshotWriteMessage =
  | { kind: "rows"; rows: SnapshotRow[] }
  | {
      kind: "commit";
      file: string;
      /** Collections emptied at once since the last write: their rows are deleted first. */
      cleared: string[];
      /** A full write: every row of the file is deleted first (collections no longer kept too). */
      all?: boolean;
      meta: { format: number; version: string; position: string | null; documents: number };
    }
  | { kind: "abort" };

let db: DatabaseSync | undefined;
/** The rows of the write under way, held until its commit. */
let rows: SnapshotRow[] = [];

/** Runs each write in one transaction, off the event loop that answers requests; answers commits only. */
parentPort?.on("message", (m: SnapshotWriteMessage) => {
  if (m.kind === "rows") {
    for (const row of m.rows) rows.push(row);
    return;
  }
  const held = rows;
  rows = [];
  if (m.kind === "abort") return;
  try {
    db ??= openSqlite(m.file, { durability: "crash" });
    const conn = db;
    const writes = rowWrites(conn);
    immediateTransaction(conn, () => {
      if (m.all) writes.clear();
      else for (const coll of m.cleared) writes.clear(coll);
      for (const [coll, id, doc, stub] of held) {
        if (doc === null) writes.del(coll, id);
        else writes.put(coll, id, doc, stub);
      }
      conn
        .prepare(
          "INSERT OR REPLACE INTO meta (id, format, version, position, documents, written_at) VALUES (1, ?, ?, ?, ?, ?)",
        )
        .run(m.meta.format, m.meta.version, m.meta.position, m.meta.documents, new Date().toISOString());
    });
    // As after a full write on the main connection: its WAL, as large as the file, truncated.
    if (m.all) conn.exec("PRAGMA wal_checkpoint(TRUNCATE)");
    parentPort?.postMessage({ ok: true });
  } catch (err) {
    parentPort?.postMessage({ ok: false, error: String(err) });
  }
});
