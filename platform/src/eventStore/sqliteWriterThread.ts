/**
 * The SQLite event store's writer (piscina worker entry): a connection of its own that runs each
 * group commit, so the COMMIT's fsync (synchronous=FULL) blocks this thread instead of the event
 * loop that answers requests. Reads stay on the main thread's connection; WAL lets them run
 * beside this writer.
 */
import { workerData } from "piscina";
import { openSqlite } from "../sqlite/openSqlite.ts";
import { type BatchAppend, type BatchResult, createBatchAppender } from "./sqliteAppendBatch.ts";

export interface WriterThreadData {
  file: string;
}

const db = openSqlite((workerData as WriterThreadData).file);
const appendBatch = createBatchAppender(db);

/** A batch to commit, or "close" as the last task before the store shuts the thread down. */
export default (task: BatchAppend[] | "close"): BatchResult | null => {
  if (task === "close") {
    db.close();
    return null;
  }
  return appendBatch(task);
};
