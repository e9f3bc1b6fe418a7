/**
 * The SQLite event store's writer (worker thread entry, writerThreadClient.ts): a connection of
 * its own that runs each group commit, so the COMMIT's fsync (synchronous=FULL) blocks this thread
 * instead of the event loop that answers requests. Reads stay on the main thread's connection; WAL
 * lets them run beside this writer.
 */
import { parentPort, workerData } from "node:worker_threads";
import { openSqlite } from "../sqlite/openSqlite.ts";
import { type BatchAppend, type BatchResult, createBatchAppender } from "./sqliteAppendBatch.ts";

export interface WriterThreadData {
  file: string;
}

/** A batch to commit, or "close" as the last task before the thread ends. */
export type WriterTask = BatchAppend[] | "close";
/** The batch's result; null once closed; `thrown` when the batch threw (nothing was committed). */
export type WriterReply = BatchResult | null | { thrown: string };

const port = parentPort;
if (!port) throw new Error("sqliteWriterThread runs as a worker thread");
const db = openSqlite((workerData as WriterThreadData).file);
const appendBatch = createBatchAppender(db);

port.on("message", (task: WriterTask) => {
  if (task === "close") {
    db.close();
    port.postMessage(null satisfies WriterReply);
    port.close();
    return;
  }
  let reply: WriterReply;
  try {
    reply = appendBatch(task);
  } catch (error) {
    reply = { thrown: error instanceof Error ? (error.stack ?? error.message) : String(error) };
  }
  port.postMessage(reply);
});
