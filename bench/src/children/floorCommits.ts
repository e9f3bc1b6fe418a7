/**
 * The baseline's floor mode (`BASELINE_FLOOR=1`): its commit and its status mail go the ways the
 * shop's must (see floorThreads.ts), so the floor shows what those hand-offs cost by themselves:
 * the rows of one turn are sent to the commit thread together and answered after its COMMIT;
 * the status mails of 50 ms go to the mail thread together, as the shop's mail subscription
 * gathers them.
 */
import { Worker } from "node:worker_threads";
import type { FloorRow, FloorThreadData } from "./floorThreads.ts";

const thread = (data: FloorThreadData) =>
  new Worker(new URL("./floorThreads.ts", import.meta.url), { workerData: data });

export const startFloor = (dir: string) => {
  const committer = thread({ role: "commit", dir });
  const mailer = thread({ role: "mail", dir });
  let queued: { row: FloorRow; done: (position: string) => void }[] = [];
  let sent: typeof queued = [];
  let scheduled = false;
  const flush = () => {
    scheduled = false;
    if (sent.length > 0 || queued.length === 0) return;
    sent = queued;
    queued = [];
    committer.postMessage(sent.map((q) => q.row));
  };
  committer.on("message", (positions: string[]) => {
    const done = sent;
    sent = [];
    for (const [i, q] of done.entries()) q.done(positions[i]!);
    flush();
  });
  let mails = 0;
  let mailsScheduled = false;
  return {
    commit(row: FloorRow): Promise<string> {
      return new Promise((done) => {
        queued.push({ row, done });
        if (!scheduled) {
          scheduled = true;
          setImmediate(flush);
        }
      });
    },
    /** One status mail more, written with the others of the next 50 ms. */
    mail(): void {
      mails += 1;
      if (mailsScheduled) return;
      mailsScheduled = true;
      setTimeout(() => {
        mailsScheduled = false;
        mailer.postMessage(mails);
        mails = 0;
      }, 50);
    },
    close: () => Promise.all([committer.terminate(), mailer.terminate()]),
  };
};
