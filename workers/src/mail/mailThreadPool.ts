import { randomUUID } from "node:crypto";
import { setImmediate } from "node:timers/promises";
import { BroadcastChannel } from "node:worker_threads";
import type { Config, Job, JobHandler } from "@shop/platform";
import { Piscina } from "piscina";
import type { MailThreadData } from "./mailThread.ts";
import type { ShopInfo } from "./shopInfo.ts";

export interface MailThreadOptions {
  config: Config;
  sessionSecret: string;
  shop: ShopInfo;
  /** Where the thread's log lines are written: the shop logger's own destination. */
  writeLog: (line: string) => void;
  /** Mails built at once on the thread (they mostly wait on the outbox or SMTP). */
  concurrency: number;
}

export interface MailThread {
  /** The `mail` queue's handler: runs the job on the mail thread and answers its result. */
  handle: JobHandler;
  /** Threads running now: none until the first mail (diagnostics, tests). */
  threads(): number;
  /** Lets running mails finish, then stops the thread. */
  close(): Promise<void>;
}

/**
 * One worker thread for the embedded shop's mail jobs (see mailThread.ts). piscina restarts the
 * thread if it dies; a job that was running then fails, and the queue retries it.
 */
export function startMailThread(options: MailThreadOptions): MailThread {
  const logChannel = `shop-mail-log-${randomUUID()}`;
  const logs = new BroadcastChannel(logChannel);
  logs.unref();
  logs.onmessage = (event) => options.writeLog(String((event as MessageEvent).data));
  const workerData: MailThreadData = {
    config: options.config,
    sessionSecret: options.sessionSecret,
    shop: options.shop,
    logChannel,
  };
  const pool = new Piscina<Job, unknown>({
    filename: new URL("./mailThread.ts", import.meta.url).href,
    // Started by the first mail (an idle shop does not carry its ~20 MiB), then kept: the thread
    // only ever waits for the next mail, so it is never retired for idleness.
    minThreads: 0,
    maxThreads: 1,
    concurrentTasksPerWorker: options.concurrency,
    idleTimeout: Number.POSITIVE_INFINITY,
    workerData,
  });
  return {
    handle: (job) => pool.run(job),
    threads: () => pool.threads.length,
    async close() {
      await pool.close();
      // Lines the thread posted just before it stopped arrive on the next turn of the event loop.
      await setImmediate();
      logs.close();
    },
  };
}
