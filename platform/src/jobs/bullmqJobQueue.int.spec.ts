import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { createBullmqJobQueue } from "./bullmqJobQueue.ts";
import { jobQueueConformance } from "./jobQueue.conformance.ts";

const prefix = runPrefix("bullmq");

beforeAll(() => requireRedis());
afterAll(async () => {
  await deleteKeys(prefix);
});

jobQueueConformance("BullMQ (Redis)", async () => {
  const queue = createBullmqJobQueue({ connection: REDIS_URL, prefix });
  return { queue, cleanup: () => queue.close() };
});

describe("BullMQ job queue", () => {
  it("accepts job ids BullMQ itself refuses (with ':' or integer-like) and hands them back unchanged", async () => {
    const jobs = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    try {
      const seen: string[] = [];
      jobs.process("ids", async (job) => {
        seen.push(job.id);
        return job.id;
      });
      for (const jobId of ["otp:order-1", "42", "100%:x"]) {
        const { id } = await jobs.add("ids", "id", {}, { jobId });
        expect(id).toBe(jobId);
        await expect(jobs.waitUntilFinished("ids", id, 5000)).resolves.toBe(jobId);
      }
      expect(seen).toEqual(["otp:order-1", "42", "100%:x"]);
    } finally {
      await jobs.close();
    }
  });

  it("answers the result of a job removed on completion before anyone waited", async () => {
    const jobs = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    try {
      let done = false;
      jobs.process("gone", async () => {
        done = true;
        return { ok: 1 };
      });
      const { id } = await jobs.add("gone", "g", {}, { removeOnComplete: true });
      while (!done) await new Promise((r) => setTimeout(r, 5));
      await new Promise((r) => setTimeout(r, 50));
      await expect(jobs.waitUntilFinished("gone", id, 2000)).resolves.toEqual({ ok: 1 });
      await expect(jobs.waitUntilFinished("gone", "never-added", 2000)).rejects.toThrow("not found");
    } finally {
      await jobs.close();
    }
  });

  it("waits for a job right after it is created, before its own Redis connection is up (CI flake: 'Stream isn't writeable')", async () => {
    const jobs = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    try {
      await expect(jobs.waitUntilFinished("early", "never-added", 2000)).rejects.toThrow("not found");
    } finally {
      await jobs.close();
    }
  });

  it("shares jobs between two queue instances (a producer and a worker process)", async () => {
    const producer = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    const worker = createBullmqJobQueue({ connection: REDIS_URL, prefix });
    try {
      worker.process<{ n: number }, number>("shared", async (job) => job.data.n + 1, { concurrency: 2 });
      const { id } = await producer.add("shared", "inc", { n: 1 });
      await expect(producer.waitUntilFinished("shared", id, 5000)).resolves.toBe(2);
    } finally {
      await worker.close();
      await producer.close();
    }
  });
});
