import { randomUUID } from "node:crypto";
import { setImmediate as nextTurn } from "node:timers/promises";
import { BroadcastChannel } from "node:worker_threads";
import type { Config, Job, JobHandler } from "@shop/platform";
import { Piscina } from "piscina";
import type { JobOutcome, MailThreadData } from "./mailThread.ts";
import type { ShopInfo } from "./shopInfo.ts";

export interface MailThreadOptions {
  config: Config;
  sessionSecret: string;
  shop: ShopInfo;
  /** Where the thread's log lines are written: the shop logger's own destination. */
  writeLog: (line: string) => void;
  /** Mails built at once on the thread (they mostly wait on the outbox or SMTP). */
  concurrency: number;
  /**
   * How long a handed job may wait for others before they go to the thread together (default 0:
   * the jobs of one turn of the event loop). Every task posted wakes the thread, which costs
   * the API's loop as much as a status change's projections; a mail is not urgent to the ms.
   * The task goes at once when `concurrency` jobs are waiting.
   */
  gatherMs?: number;
  /**
   * The thread's nice value (default 10): status mails can wait a few milliseconds, an answer to
   * a request should not, so the kernel runs the API's threads first when the cores are busy
   * (RESULTS.md, ninth session). 0 keeps the API's priority.
   */
  nice?: number;
  /** The thread's module (tests); default ./mailThread.ts. */
  threadFile?: URL;
}

/** The status mails' thread's default nice value. */
const MAIL_THREAD_NICE = 10;

export interface MailThread {
  /** The `mail` queue's handler: runs the job on the mail thread and answers its result. */
  handle: JobHandler;
  /** Threads running now: none until the first mail (diagnostics, tests). */
  threads(): number;
  /** Tasks posted to the thread so far, each holding one or more jobs (diagnostics, tests). */
  tasks(): number;
  /** Lets running mails finish, then stops the thread. */
  close(): Promise<void>;
}

interface Handed {
  job: Job;
  resolve(result: unknown): void;
  reject(error: unknown): void;
}

/**
 * One worker thread for the embedded shop's mail jobs (see mailThread.ts). piscina restarts the
 * thread if it dies; a job that was running then fails, and the queue retries it.
 *
 * The jobs handed over in one turn of the event loop go to the thread as one task: posting a
 * task (a message and a wake-up of the thread) cost the API's loop about as much as a status
 * change's projections did, and under load the queue starts several mails per turn.
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
    nice: options.nice ?? MAIL_THREAD_NICE,
  };
  const newPool = () =>
    new Piscina<Job[], JobOutcome[]>({
      filename: (options.threadFile ?? new URL("./mailThread.ts", import.meta.url)).href,
      // Started by the first mail (an idle shop does not carry its ~20 MiB), then kept: the thread
      // only ever waits for the next mail, so it is never retired for idleness.
      minThreads: 0,
      maxThreads: 1,
      concurrentTasksPerWorker: options.concurrency,
      idleTimeout: Number.POSITIVE_INFINITY,
      workerData,
    }).on("error", (error: unknown) => replacePool(error));
  let pool = newPool();
  /**
   * The thread failed with no mail running: it could not start (the process out of file
   * descriptors, EMFILE; out of memory). piscina says so by an 'error' event, keeps the jobs
   * handed to it queued, and starts no thread for them again. That pool is destroyed, which fails
   * its jobs (the queue retries them, with its back-off), and the next job starts a new one.
   */
  const replacePool = (error: unknown) => {
    options.writeLog(
      `${JSON.stringify({ level: 40, time: Date.now(), err: String(error), msg: "mail thread could not start; its mails are retried" })}\n`,
    );
    const broken = pool;
    pool = newPool();
    broken.destroy().catch(() => {});
  };
  const gatherMs = options.gatherMs ?? 0;
  let handed: Handed[] = [];
  let tasks = 0;
  let timer: NodeJS.Timeout | NodeJS.Immediate | undefined;
  const post = () => {
    if (timer !== undefined) {
      clearTimeout(timer as NodeJS.Timeout);
      clearImmediate(timer as NodeJS.Immediate);
      timer = undefined;
    }
    const batch = handed;
    handed = [];
    tasks += 1;
    pool.run(batch.map((h) => h.job)).then(
      (outcomes: JobOutcome[]) =>
        batch.forEach((h, i) => {
          const outcome = outcomes[i];
          if (outcome?.ok) h.resolve(outcome.result);
          else h.reject(outcome ? outcome.error : new Error("mail thread answered no outcome"));
        }),
      // The thread died, or the pool is closed: every job of the task failed (the queue retries).
      (error: unknown) => {
        for (const h of batch) h.reject(error);
      },
    );
  };
  return {
    handle: (job) =>
      new Promise((resolve, reject) => {
        handed.push({ job, resolve, reject });
        if (handed.length >= options.concurrency) post();
        else if (timer === undefined) timer = gatherMs > 0 ? setTimeout(post, gatherMs) : setImmediate(post);
      }),
    threads: () => pool.threads.length,
    tasks: () => tasks,
    async close() {
      if (handed.length > 0) post();
      await pool.close();
      // Lines the thread posted just before it stopped arrive on the next turn of the event loop.
      await nextTurn();
      logs.close();
    },
  };
}
