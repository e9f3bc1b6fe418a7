import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DeliveryOtpMailJob, MailJobs } from "@shop/contracts";
import { kernelThreadId, loadConfig, processThreadIds, threadNice } from "@shop/platform";
import { createOtpCipher } from "@shop/platform/crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { MailThread } from "./mailThreadPool.ts";
import { startMailThreads } from "./mailThreads.ts";
import { sampleShop } from "./testing/sampleShop.ts";
import { sampleStatusJob } from "./testing/sampleStatusJob.ts";

const sessionSecret = "a-test-session-secret-of-enough-length";
const otpJob: DeliveryOtpMailJob = {
  orderId: sampleStatusJob.orderId,
  eventId: "7c1d2e3f-4a5b-4c6d-8e7f-8a9b0c1d2e3f",
  to: "asha@example.com",
  customerName: "Asha Rao",
  sealedOtp: createOtpCipher(sessionSecret).seal("042917"),
  expiresAt: "2026-11-22T10:20:00.000Z",
};
const otp = (id: string) => ({ id, name: MailJobs.deliveryOtp, data: otpJob, attemptsMade: 0 });
const status = (id: string) => ({ id, name: MailJobs.orderStatus, data: sampleStatusJob, attemptsMade: 0 });

describe("the embedded shop's mail threads", () => {
  let dataDir: string;
  let mails: MailThread;

  const start = (gatherMs: number) => {
    mails = startMailThreads({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "silent" }),
      sessionSecret,
      shop: sampleShop,
      writeLog: () => {},
      concurrency: 16,
      gatherMs,
    });
  };
  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mail-threads-"));
  });
  afterEach(async () => {
    await mails.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("writes a delivery OTP mail at once, while the status mails handed before it are still gathered", async () => {
    start(1500);
    let statusSent = false;
    const statusMail = mails.handle(status("s1")).then((r) => {
      statusSent = true;
      return r;
    });
    const sent = await mails.handle(otp("o1"));
    expect(sent).toEqual({ messageId: expect.stringContaining(otpJob.eventId) });
    expect(statusSent).toBe(false);
    const outbox = join(dataDir, "outbox");
    const files = (await readdir(outbox)).filter((n) => n.endsWith(".eml"));
    expect(files).toHaveLength(1);
    expect(await readFile(join(outbox, files[0]!), "utf8")).toContain("042917");
    // The status mail is not lost: it goes with its batch.
    await expect(statusMail).resolves.toEqual({
      messageId: expect.stringContaining(sampleStatusJob.eventId),
    });
    expect((await readdir(outbox)).filter((n) => n.endsWith(".eml"))).toHaveLength(2);
  });

  it.runIf(process.platform === "linux")(
    "builds OTP mails at the API's priority and status mails at nice 10, each thread started by its first mail",
    async () => {
      start(0);
      const before = threadNice(kernelThreadId() as number);
      const existing = new Set(processThreadIds());
      await mails.handle(otp("o2"));
      expect(mails.threads()).toBe(1);
      const otpThreads = processThreadIds().filter((tid) => !existing.has(tid));
      expect(otpThreads.map(threadNice)).toContain(before);
      const seen = new Set(processThreadIds());
      await mails.handle(status("s2"));
      expect(mails.threads()).toBe(2);
      const statusThreads = processThreadIds().filter((tid) => !seen.has(tid));
      // Raising a nice value back needs privileges: a test run already niced past 10 cannot see it.
      if (before < 10) expect(statusThreads.map(threadNice)).toContain(10);
      expect(otpThreads.map(threadNice)).not.toContain(10);
    },
  );
});
