import type { Worker } from "node:worker_threads";
import { startThread } from "../ops/startThread.ts";
import type { BatchAppend, BatchResult } from "./sqliteAppendBatch.ts";
import type { WriterReply, WriterTask, WriterThreadData } from "./sqliteWriterThread.ts";

/** The SQLite event store's writer thread as the store calls it: one batch at a time. */
export interface WriterThreadClient {
  /** Commits one batch; rejects when the thread failed, so whether it was committed is unknown. */
  run(batch: BatchAppend[]): Promise<BatchResult>;
  /** Closes the thread's connection and ends it (after the batch in flight). */
  close(): Promise<void>;
}

/**
 * A worker thread of its own, spoken to with one message each way per batch. A pool (piscina)
 * signalled a sleeping worker twice per task, a message and an `Atomics.notify`, with its task
 * bookkeeping around them; a message alone wakes this thread's event loop (RESULTS.md, twentieth
 * session). A thread that fails is replaced at the next batch. It keeps the process alive only
 * while a batch is in flight.
 */
export const createWriterThreadClient = (data: WriterThreadData): WriterThreadClient => {
  let thread: Worker | undefined;
  let current: { resolve(reply: WriterReply): void; reject(error: Error): void } | undefined;

  const start = (): Worker => {
    const started = startThread(new URL("./sqliteWriterThread.ts", import.meta.url), { workerData: data });
    started.unref();
    const failed = (error: Error) => {
      if (thread === started) thread = undefined;
      const waiting = current;
      current = undefined;
      waiting?.reject(error);
    };
    started.on("message", (reply: WriterReply) => {
      const waiting = current;
      current = undefined;
      started.unref();
      waiting?.resolve(reply);
    });
    started.on("error", failed);
    started.on("exit", (code) => failed(new Error(`the writer thread stopped (exit code ${code})`)));
    return started;
  };
  // Started with the store, so its modules load at boot rather than at the first command.
  thread = start();

  const call = (task: WriterTask): Promise<WriterReply> => {
    if (current) return Promise.reject(new Error("the writer thread runs one batch at a time"));
    thread ??= start();
    const target = thread;
    return new Promise<WriterReply>((resolve, reject) => {
      current = { resolve, reject };
      target.ref();
      target.postMessage(task);
    });
  };

  return {
    async run(batch) {
      const reply = await call(batch);
      if (reply === null || "thrown" in reply) {
        throw new Error(reply === null ? "the writer thread is closed" : reply.thrown);
      }
      return reply;
    },
    async close() {
      const target = thread;
      if (!target) return;
      const ended = new Promise<void>((resolve) => target.once("exit", () => resolve()));
      // A thread that cannot take the close (failed, or still committing) is stopped instead.
      await call("close").catch(() => target.terminate());
      thread = undefined;
      // Held until it has ended: a process shutting down must not exit before its store has closed.
      target.ref();
      await ended;
    },
  };
};
