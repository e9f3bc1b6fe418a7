import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MailJobs, Queues } from "@shop/contracts";
import { createInProcessJobQueue, createLogger, type JobQueue, type Mailer } from "@shop/platform";
import { createOtpCipher } from "@shop/platform/crypto";
import { createOutboxMailer } from "@shop/platform/mail/outbox";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createMailHandler } from "./handlers.ts";
import { sampleShop } from "./testing/sampleShop.ts";
import { sampleStatusJob } from "./testing/sampleStatusJob.ts";

const job = sampleStatusJob;
const shop = sampleShop;

describe("the status mail through the queue and the outbox", () => {
  let dir: string;
  let jobs: JobQueue;
  let outbox: Mailer;

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "outbox-"));
    jobs = createInProcessJobQueue();
    outbox = createOutboxMailer({ dir });
  });
  afterEach(async () => {
    await jobs.close();
    await rm(dir, { recursive: true, force: true });
  });

  it("sends exactly one mail when the job fails after the send went out and is retried", async () => {
    let sends = 0;
    // The worker dies after the mail left (e.g. the ack to the queue is lost): the retry sends again.
    const flaky: Mailer = {
      async send(mail) {
        sends += 1;
        const sent = await outbox.send(mail);
        if (sends === 1) throw new Error("connection lost after send");
        return sent;
      },
      close: () => outbox.close(),
    };
    jobs.process(
      Queues.mail,
      createMailHandler({
        mailer: flaky,
        otp: createOtpCipher("test-secret-test-secret-test-secret"),
        shop,
        logger: createLogger({ level: "silent" }),
      }),
    );
    const { id } = await jobs.add(Queues.mail, MailJobs.orderStatus, job, {
      jobId: `status-${job.eventId}`,
      attempts: 3,
      backoffMs: 5,
    });
    await jobs.waitUntilFinished(Queues.mail, id, 5000);
    // The same event enqueued again (a retried request) is the same job id: not run again.
    await jobs.add(Queues.mail, MailJobs.orderStatus, job, { jobId: `status-${job.eventId}` });
    // And even a second job for the same event is the same message id: not a second mail.
    const again = await jobs.add(Queues.mail, MailJobs.orderStatus, job, { jobId: "another-id" });
    await jobs.waitUntilFinished(Queues.mail, again.id, 5000);

    expect(sends).toBe(3);
    const files = (await readdir(dir)).filter((f) => f.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = await readFile(join(dir, files[0]!), "utf8");
    expect(raw).toContain(`Message-ID: <status-${job.eventId}@school-shop>`);
    expect(raw).toContain("To: asha@example.com");
  });
});
