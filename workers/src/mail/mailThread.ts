/**
 * The mail handler on its own thread (piscina worker entry). The embedded shop runs its mail jobs
 * here so that building a MIME message and writing the outbox never hold up the API's event
 * loop, as the workers process keeps them off command-api's in production. Log lines go back to
 * the shop's own log destination over a BroadcastChannel.
 */
import { BroadcastChannel } from "node:worker_threads";
import { type Config, createLogger, type Job, lowerThreadPriority, openMailer } from "@shop/platform";
import { createOtpCipher } from "@shop/platform/crypto";
import { workerData } from "piscina";
import { createMailHandler } from "./handlers.ts";
import type { ShopInfo } from "./shopInfo.ts";

export interface MailThreadData {
  config: Config;
  sessionSecret: string;
  shop: ShopInfo;
  /** Name of the BroadcastChannel the shop reads this thread's log lines from. */
  logChannel: string;
  /** The thread's nice value (0: the API's own priority, left as it is). */
  nice: number;
}

const data = workerData as MailThreadData;
const channel = new BroadcastChannel(data.logChannel);
channel.unref();
const logger = createLogger(data.config, { write: (line: string) => channel.postMessage(line) });
// A nice value is the thread's own on Linux (the process's other threads keep theirs); its outbox
// writes block this thread (`ownThread`), so their kernel time runs at this priority too.
const lowered = data.nice > 0 && lowerThreadPriority(data.nice);
logger.debug({ nice: lowered ? data.nice : null }, "mail thread started");
const handle = createMailHandler({
  mailer: await openMailer(data.config, { ownThread: true }),
  otp: createOtpCipher(data.sessionSecret),
  shop: data.shop,
  logger,
});

/** What the thread answers for each job of a task: its result, or the error it failed with. */
export type JobOutcome = { ok: true; result: unknown } | { ok: false; error: unknown };

/** One task is the jobs the shop handed over in one turn; they run at once, each settles alone. */
export default (jobs: Job[]): Promise<JobOutcome[]> =>
  Promise.all(
    jobs.map((job) =>
      handle(job).then(
        (result): JobOutcome => ({ ok: true, result }),
        (error: unknown): JobOutcome => ({ ok: false, error }),
      ),
    ),
  );
