/**
 * A worker process for the stalled-job spec: it takes a mail job, sends the mail, tells its parent
 * ("sent") and then hangs before acknowledging — the parent kills it there, as a crash would.
 * argv: redisUrl prefix outboxDir
 */
import { createOutboxMailer } from "../../mail/outboxMailer.ts";
import { createBullmqJobQueue } from "../bullmqJobQueue.ts";

const [redisUrl, prefix, outboxDir] = process.argv.slice(2) as [string, string, string];
const jobs = createBullmqJobQueue({ connection: redisUrl, prefix });
const mailer = createOutboxMailer({ dir: outboxDir });
jobs.process<{ to: string; messageId: string }, never>(
  "mail",
  async (job) => {
    await mailer.send({
      to: job.data.to,
      subject: "Order update",
      text: "Processing",
      messageId: job.data.messageId,
    });
    process.send?.("sent");
    return new Promise<never>(() => {});
  },
  { lockDurationMs: 1000 },
);
process.send?.("ready");
