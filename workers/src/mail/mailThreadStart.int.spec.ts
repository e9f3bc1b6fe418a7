import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MailJobs } from "@shop/contracts";
import { loadConfig } from "@shop/platform";
import { afterAll, describe, expect, it } from "vitest";
import { type MailThread, startMailThread } from "./mailThreadPool.ts";
import { sampleShop } from "./testing/sampleShop.ts";
import { sampleStatusJob } from "./testing/sampleStatusJob.ts";

/**
 * A fault probe: with the process out of file descriptors, the mail thread failed to start. piscina
 * reported that as an 'error' event nobody listened to, and the shop exited (uncaught exception,
 * code 1) right after answering the rider's OTP request; the mail was never sent.
 */
describe("a mail thread that cannot start", () => {
  let dataDir = "";
  let thread: MailThread | undefined;
  const lines: string[] = [];
  afterAll(async () => {
    await thread?.close();
    await rm(dataDir, { recursive: true, force: true });
    delete process.env.MAIL_THREAD_TEST_READY;
  });

  it("fails its jobs (the queue retries them), and a later job starts a thread that works", async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mail-start-"));
    const ready = join(dataDir, "ready");
    process.env.MAIL_THREAD_TEST_READY = ready;
    thread = startMailThread({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
      sessionSecret: "a-test-session-secret-of-enough-length",
      shop: sampleShop,
      writeLog: (line) => lines.push(line),
      concurrency: 2,
      threadFile: new URL("./testing/unstartableMailThread.ts", import.meta.url),
    });
    const job = { id: "j1", name: MailJobs.orderStatus, data: sampleStatusJob, attemptsMade: 0 };
    await expect(thread.handle(job)).rejects.toThrow();
    expect(lines.join("")).toContain("mail thread could not start");
    expect(lines.join("")).toContain("EMFILE");
    await writeFile(ready, "");
    await expect(thread.handle({ ...job, id: "j2", attemptsMade: 1 })).resolves.toBe("sent");
  }, 30_000);
});
