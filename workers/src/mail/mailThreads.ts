import { MailJobs } from "@shop/contracts";
import type { Job } from "@shop/platform";
import { type MailThread, type MailThreadOptions, startMailThread } from "./mailThreadPool.ts";

export interface MailThreadsOptions extends Omit<MailThreadOptions, "nice"> {
  /** Delivery OTP mails built at once on their own thread (default 4). */
  otpConcurrency?: number;
}

/**
 * The embedded shop's mail threads. Status mails come one per change: their thread gathers them
 * (`gatherMs`) and runs at nice 10, so the API's threads come first when the cores are busy. A
 * delivery OTP is different: a rider is at the door waiting for the customer to read it out. It
 * goes at once to a thread of its own at the API's priority, never behind a batch of status mails
 * or a busy machine (a CI run whose cores were saturated saw one take over 5 s on the nice-10
 * thread). That thread starts with the first OTP mail; an idle shop does not carry it.
 */
export function startMailThreads(options: MailThreadsOptions): MailThread {
  const status = startMailThread(options);
  const otp = startMailThread({
    ...options,
    concurrency: options.otpConcurrency ?? 4,
    gatherMs: 0,
    nice: 0,
  });
  const threadFor = (job: Job) => (job.name === MailJobs.deliveryOtp ? otp : status);
  return {
    handle: (job) => threadFor(job).handle(job),
    threads: () => status.threads() + otp.threads(),
    tasks: () => status.tasks() + otp.tasks(),
    async close() {
      await Promise.all([status.close(), otp.close()]);
    },
  };
}
