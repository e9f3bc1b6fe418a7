import { existsSync } from "node:fs";
import type { JobOutcome } from "../mailThread.ts";

/**
 * A mail thread that cannot start (its start fails as it does when the process is out of file
 * descriptors: EMFILE) until the file named by MAIL_THREAD_TEST_READY exists; then it answers
 * every job "sent".
 */
if (!existsSync(process.env.MAIL_THREAD_TEST_READY ?? "")) {
  throw new Error("EMFILE: too many open files (the mail thread could not start)");
}

export default (jobs: unknown[]): Promise<JobOutcome[]> =>
  Promise.resolve(jobs.map(() => ({ ok: true, result: "sent" })));
