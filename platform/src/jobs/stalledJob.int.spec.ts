import { fork } from "node:child_process";
import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createOutboxMailer } from "../mail/outboxMailer.ts";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { createBullmqJobQueue } from "./bullmqJobQueue.ts";

/**
 * A BullMQ worker killed mid-job: its lock runs out, a new worker takes the job over and completes
 * it exactly once, and the mail the dead worker already sent is not sent again (one message id).
 */
describe("BullMQ: a worker killed mid-job", () => {
  const prefix = runPrefix("stalled");
  const outbox = mkdtempSync(join(tmpdir(), "stalled-outbox-"));
  beforeAll(() => requireRedis());
  afterAll(async () => {
    await deleteKeys(prefix);
    rmSync(outbox, { recursive: true, force: true });
  });

  it("is completed once by another worker, with one mail in the outbox", async () => {
    const child = fork(
      fileURLToPath(new URL("./testing/crashingWorker.ts", import.meta.url)),
      [REDIS_URL, prefix, outbox],
      {
        stdio: ["ignore", "ignore", "inherit", "ipc"],
      },
    );
    const message = (what: string) =>
      new Promise<void>((resolve) => child.on("message", (m) => m === what && resolve()));
    await message("ready");

    const producer = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    const sent = message("sent");
    const { id } = await producer.add(
      "mail",
      "order-status",
      { to: "asha@example.com", messageId: "<status-e1@school-shop>" },
      {
        jobId: "status-e1",
        attempts: 3,
      },
    );
    await sent;
    child.kill("SIGKILL");
    await new Promise((r) => child.once("exit", r));

    const runs: number[] = [];
    const mailer = createOutboxMailer({ dir: outbox });
    const survivor = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    survivor.process<{ to: string; messageId: string }, string>(
      "mail",
      async (job) => {
        runs.push(job.attemptsMade);
        await mailer.send({
          to: job.data.to,
          subject: "Order update",
          text: "Processing",
          messageId: job.data.messageId,
        });
        return "done";
      },
      { lockDurationMs: 1000 },
    );
    expect(await producer.waitUntilFinished("mail", id, 20_000)).toBe("done");
    await new Promise((r) => setTimeout(r, 1500));
    expect(runs).toHaveLength(1);
    expect(readdirSync(outbox).filter((f) => f.endsWith(".eml"))).toHaveLength(1);
    await Promise.all([survivor.close(), producer.close(), mailer.close()]);
    console.log("stalled job: worker killed after sending; taken over and completed once; 1 mail");
  }, 40_000);
});
