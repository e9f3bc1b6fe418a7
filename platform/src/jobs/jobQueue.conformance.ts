import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Job, JobQueue } from "../ports/jobs.ts";

export interface JobQueueFixture {
  queue: JobQueue;
  cleanup: () => Promise<void>;
}

/** The contract of ports/jobs.ts, run against any adapter. */
export function jobQueueConformance(name: string, makeQueue: () => Promise<JobQueueFixture>): void {
  describe(`job queue conformance: ${name}`, () => {
    let fixture: JobQueueFixture;
    let jobs: JobQueue;
    let q: string;

    beforeEach(async () => {
      fixture = await makeQueue();
      jobs = fixture.queue;
      // A queue per test, so a shared Redis does not mix tests.
      q = `conformance-${randomUUID()}`;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it("runs a job and answers its result through waitUntilFinished", async () => {
      jobs.process<{ a: number }, { doubled: number }>(q, async (job) => ({ doubled: job.data.a * 2 }));
      const { id } = await jobs.add(q, "double", { a: 21 });
      await expect(jobs.waitUntilFinished(q, id, 5000)).resolves.toEqual({ doubled: 42 });
    });

    it("hands the handler the job's id, name, data and attempts so far", async () => {
      const seen: Job[] = [];
      jobs.process(q, async (job) => {
        seen.push(job);
      });
      const { id } = await jobs.add(q, "named", { x: 1 }, { jobId: "fixed-id" });
      expect(id).toBe("fixed-id");
      await jobs.waitUntilFinished(q, id, 5000);
      expect(seen).toEqual([{ id: "fixed-id", name: "named", data: { x: 1 }, attemptsMade: 0 }]);
    });

    it("runs jobs added before a handler once it is registered", async () => {
      const { id } = await jobs.add(q, "early", { v: "queued" });
      await sleep(30);
      jobs.process<{ v: string }, string>(q, async (job) => job.data.v);
      await expect(jobs.waitUntilFinished(q, id, 5000)).resolves.toBe("queued");
    });

    it("retries with exponential backoff, then succeeds", async () => {
      const attempts: Array<{ made: number; at: number }> = [];
      const start = performance.now();
      jobs.process(q, async (job) => {
        attempts.push({ made: job.attemptsMade, at: performance.now() - start });
        if (job.attemptsMade < 2) throw new Error(`boom ${job.attemptsMade}`);
        return "ok";
      });
      const { id } = await jobs.add(q, "flaky", {}, { attempts: 3, backoffMs: 40 });
      await expect(jobs.waitUntilFinished(q, id, 5000)).resolves.toBe("ok");
      expect(attempts.map((a) => a.made)).toEqual([0, 1, 2]);
      // 40 ms before the second attempt, 80 ms before the third.
      expect(attempts[1]!.at - attempts[0]!.at).toBeGreaterThanOrEqual(35);
      expect(attempts[2]!.at - attempts[1]!.at).toBeGreaterThanOrEqual(75);
    });

    it("fails after the last attempt with the last error", async () => {
      let calls = 0;
      jobs.process(q, async () => {
        calls += 1;
        throw new Error(`failure ${calls}`);
      });
      const { id } = await jobs.add(q, "doomed", {}, { attempts: 2, backoffMs: 5 });
      await expect(jobs.waitUntilFinished(q, id, 5000)).rejects.toThrow("failure 2");
      expect(calls).toBe(2);
      // A failed job is kept, so asking again answers the same failure.
      await expect(jobs.waitUntilFinished(q, id, 1000)).rejects.toThrow("failure 2");
    });

    it("does not add a job whose id is already in the queue", async () => {
      let calls = 0;
      const { id } = await jobs.add(q, "once", { n: 1 }, { jobId: "dedup" });
      const again = await jobs.add(q, "once", { n: 2 }, { jobId: "dedup" });
      expect(again.id).toBe(id);
      jobs.process<{ n: number }, number>(q, async (job) => {
        calls += 1;
        return job.data.n;
      });
      await expect(jobs.waitUntilFinished(q, id, 5000)).resolves.toBe(1);
      await jobs.add(q, "once", { n: 3 }, { jobId: "dedup" });
      await sleep(50);
      expect(calls).toBe(1);
    });

    it("forgets finished jobs with removeOnComplete, so the id can run again", async () => {
      let calls = 0;
      jobs.process(q, async () => {
        calls += 1;
        return calls;
      });
      const first = await jobs.add(q, "r", {}, { jobId: "again", removeOnComplete: true });
      await expect(jobs.waitUntilFinished(q, first.id, 5000)).resolves.toBe(1);
      await sleep(20);
      const second = await jobs.add(q, "r", {}, { jobId: "again", removeOnComplete: true });
      await expect(jobs.waitUntilFinished(q, second.id, 5000)).resolves.toBe(2);
    });

    it("still reports a failure to a waiter when removeOnFail is set", async () => {
      jobs.process(q, async () => {
        throw new Error("gone");
      });
      const { id } = await jobs.add(q, "f", {}, { removeOnFail: true });
      await expect(jobs.waitUntilFinished(q, id, 5000)).rejects.toThrow("gone");
    });

    it("times out waiting for a job that does not finish", async () => {
      jobs.process(q, () => sleep(200));
      const { id } = await jobs.add(q, "slow", {});
      await expect(jobs.waitUntilFinished(q, id, 50)).rejects.toThrow();
    });

    it("runs at most `concurrency` jobs at once", async () => {
      let active = 0;
      let peak = 0;
      jobs.process(
        q,
        async () => {
          active += 1;
          peak = Math.max(peak, active);
          await sleep(30);
          active -= 1;
        },
        { concurrency: 2 },
      );
      const ids = await Promise.all([1, 2, 3, 4, 5].map((n) => jobs.add(q, "c", { n })));
      await Promise.all(ids.map(({ id }) => jobs.waitUntilFinished(q, id, 5000)));
      expect(peak).toBe(2);
    });

    it("runs waiting jobs without a priority first, then by priority (lowest number first), each in the order added", async () => {
      const added = [
        ["s1", 10],
        ["s2", 10],
        ["p5", 5],
        ["urgent", undefined],
        ["s3", 10],
        ["urgent2", undefined],
        ["p1", 1],
      ] as const;
      const ids = [];
      for (const [name, priority] of added)
        ids.push(await jobs.add(q, name, {}, priority === undefined ? {} : { priority }));
      const ran: string[] = [];
      jobs.process(q, async (job) => {
        ran.push(job.name);
      });
      await Promise.all(ids.map(({ id }) => jobs.waitUntilFinished(q, id, 5000)));
      expect(ran).toEqual(["urgent", "urgent2", "p1", "p5", "s1", "s2", "s3"]);
    });

    it("refuses a priority that is not a whole number from 0 to 2,097,151 as a bad option, and adds nothing", async () => {
      for (const priority of [1.5, -1, 2 ** 21])
        await expect(jobs.add(q, "bad", {}, { jobId: `bad-${priority}`, priority })).rejects.toThrow(
          RangeError,
        );
      jobs.process(q, async () => "ran");
      // The ids are free: nothing was added under them.
      const { id } = await jobs.add(q, "good", {}, { jobId: "bad-1.5", priority: 2 ** 21 - 1 });
      await expect(jobs.waitUntilFinished(q, id, 5000)).resolves.toBe("ran");
    });

    it("waits for active jobs on close", async () => {
      let finished = false;
      let started = false;
      jobs.process(q, async () => {
        started = true;
        await sleep(100);
        finished = true;
      });
      await jobs.add(q, "long", {});
      while (!started) await sleep(5);
      await jobs.close();
      expect(finished).toBe(true);
    });
  });
}
