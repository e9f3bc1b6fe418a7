import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { MailJobs } from "@shop/contracts";
import { kernelThreadId, loadConfig, processThreadIds, threadNice } from "@shop/platform";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type MailThread, startMailThread } from "./mailThreadPool.ts";
import { sampleShop } from "./testing/sampleShop.ts";
import { sampleStatusJob } from "./testing/sampleStatusJob.ts";

const job = sampleStatusJob;

describe("mail jobs on the mail thread", () => {
  let dataDir: string;
  let thread: MailThread;
  let logLines: string[];

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "mail-thread-"));
    logLines = [];
    thread = startMailThread({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "info" }),
      sessionSecret: "a-test-session-secret-of-enough-length",
      shop: sampleShop,
      writeLog: (line) => logLines.push(line),
      concurrency: 2,
    });
  });
  afterEach(async () => {
    await thread.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts its thread with the first mail, not before, and keeps it", async () => {
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(thread.threads()).toBe(0);
    await thread.handle({ id: "j0", name: MailJobs.orderStatus, data: job, attemptsMade: 0 });
    expect(thread.threads()).toBe(1);
  });

  it.runIf(process.platform === "linux")(
    "runs at a lower priority than the API's threads, which keep theirs",
    async () => {
      const api = kernelThreadId() as number;
      const before = threadNice(api);
      const existing = new Set(processThreadIds());
      await thread.handle({ id: "jn", name: MailJobs.orderStatus, data: job, attemptsMade: 0 });
      const started = processThreadIds().filter((tid) => !existing.has(tid));
      // Raising a nice value back needs privileges: a test run already niced past 10 cannot see it.
      if (before < 10) expect(started.map(threadNice)).toContain(10);
      expect(threadNice(api)).toBe(before);
    },
  );

  it("writes the mail to the outbox, answers its message id and logs through the shop's log", async () => {
    const result = await thread.handle({ id: "j1", name: MailJobs.orderStatus, data: job, attemptsMade: 0 });
    expect(result).toEqual({ messageId: `<status-${job.eventId}@school-shop>` });
    const outbox = join(dataDir, "outbox");
    const files = (await readdir(outbox)).filter((n) => n.endsWith(".eml"));
    expect(files).toHaveLength(1);
    const raw = await readFile(join(outbox, files[0]!), "utf8");
    expect(raw).toContain("To: asha@example.com");
    expect(raw).toMatch(/Subject: Your order \S+ is now Processing/);
    await expect.poll(() => logLines.join("")).toContain('"msg":"order status mail sent"');
    const line = JSON.parse(logLines.find((l) => l.includes("order status mail sent"))!) as Record<
      string,
      unknown
    >;
    expect(line).toMatchObject({ orderId: job.orderId, eventId: job.eventId, level: 30 });
  });

  it("fails a job it cannot handle with the handler's error, and keeps taking jobs", async () => {
    await expect(
      thread.handle({ id: "j2", name: "no-such-mail", data: {}, attemptsMade: 0 }),
    ).rejects.toThrow("unknown mail job no-such-mail");
    await expect(
      thread.handle({ id: "j3", name: MailJobs.orderStatus, data: job, attemptsMade: 0 }),
    ).resolves.toMatchObject({ messageId: expect.stringContaining(job.eventId) });
  });

  it("hands the jobs of one turn to the thread as one task, and each job settles alone", async () => {
    await thread.handle({ id: "w", name: MailJobs.orderStatus, data: job, attemptsMade: 0 });
    const before = thread.tasks();
    const results = await Promise.allSettled([
      thread.handle({
        id: "a",
        name: MailJobs.orderStatus,
        data: { ...job, eventId: "e-a" },
        attemptsMade: 0,
      }),
      thread.handle({ id: "b", name: "no-such-mail", data: {}, attemptsMade: 0 }),
    ]);
    expect(thread.tasks() - before).toBe(1);
    expect(results[0]).toMatchObject({
      status: "fulfilled",
      value: { messageId: "<status-e-a@school-shop>" },
    });
    expect(results[1]).toMatchObject({
      status: "rejected",
      reason: { message: "unknown mail job no-such-mail" },
    });
  });
});

describe("mail jobs gathered over a window", () => {
  it("sends the jobs handed within gatherMs as one task, and every mail is written", async () => {
    const dataDir = await mkdtemp(join(tmpdir(), "mail-thread-"));
    const thread = startMailThread({
      config: loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: "warn" }),
      sessionSecret: "a-test-session-secret-of-enough-length",
      shop: sampleShop,
      writeLog: () => {},
      concurrency: 3,
      gatherMs: 200,
    });
    try {
      const sent: Promise<unknown>[] = [];
      for (const id of ["g1", "g2"]) {
        sent.push(
          thread.handle({ id, name: MailJobs.orderStatus, data: { ...job, eventId: id }, attemptsMade: 0 }),
        );
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      expect(thread.tasks()).toBe(0);
      await Promise.all(sent);
      expect(thread.tasks()).toBe(1);
      // A full batch (concurrency) goes at once, without waiting out the window.
      const started = performance.now();
      await Promise.all(
        ["g3", "g4", "g5"].map((id) =>
          thread.handle({ id, name: MailJobs.orderStatus, data: { ...job, eventId: id }, attemptsMade: 0 }),
        ),
      );
      expect(performance.now() - started).toBeLessThan(200);
      expect(thread.tasks()).toBe(2);
      const files = (await readdir(join(dataDir, "outbox"))).filter((n) => n.endsWith(".eml"));
      expect(files).toHaveLength(5);
    } finally {
      await thread.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
