import { connect, createServer, type Server, type Socket } from "node:net";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createBullmqJobQueue } from "../jobs/bullmqJobQueue.ts";
import { createRedisLivePublisher } from "../live/redisLive.ts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { createRedisSecretStore } from "../secrets/redisSecretStore.ts";
import { type OwnRedis, startOwnRedis } from "../testing/ownRedis.ts";

const timed = async <T>(call: Promise<T>) => {
  const started = performance.now();
  try {
    return { ok: true as const, value: await call, ms: performance.now() - started };
  } catch (error) {
    return { ok: false as const, error, ms: performance.now() - started };
  }
};

const until = async (check: () => Promise<boolean> | boolean, timeoutMs: number) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((r) => setTimeout(r, 50));
  }
};

/** A job wait that must end as an outage (StoreUnavailableError) within `boundMs` of `since`. */
const expectOutageWithin = async (
  waiting: Promise<{ ok: boolean; error?: unknown }>,
  since: number,
  boundMs: number,
  giveUpMs: number,
) => {
  const result = await Promise.race([waiting, new Promise<null>((r) => setTimeout(() => r(null), giveUpMs))]);
  expect(result, `the wait got no answer within ${giveUpMs / 1000} s`).not.toBeNull();
  expect(result?.ok).toBe(false);
  if (result && !result.ok) expect(result.error).toBeInstanceOf(StoreUnavailableError);
  expect(performance.now() - since).toBeLessThan(boundMs);
};

describe("request-path Redis clients during an outage (own redis-server, killed by PID)", () => {
  let redis: OwnRedis;
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);

  beforeAll(async () => {
    redis = await startOwnRedis();
    process.on("unhandledRejection", onRejection);
  });
  afterAll(async () => {
    process.off("unhandledRejection", onRejection);
    await redis?.destroy();
  });

  it("the secret store and the job producer answer StoreUnavailableError within a second, then recover by themselves", async () => {
    const secrets = createRedisSecretStore({ url: redis.url, prefix: "outage:" });
    const jobs = createBullmqJobQueue({ connection: redis.url, prefix: "outage-bull" });
    try {
      expect(await secrets.whenReady(3000)).toBe(true);
      await secrets.set("k", "v", 60_000);
      await jobs.add("q", "job", { n: 1 });

      await redis.stop();
      const results = [];
      for (let i = 0; i < 5; i++) {
        results.push(await timed(secrets.get("k")));
        results.push(await timed(secrets.incr("rate", 60_000)));
        results.push(await timed(jobs.add("q", "job", { n: i })));
      }
      for (const r of results) {
        expect(r.ok).toBe(false);
        if (!r.ok) expect(r.error).toBeInstanceOf(StoreUnavailableError);
        expect(r.ms).toBeLessThan(1200);
      }
      const worst = Math.max(...results.map((r) => r.ms));

      await redis.start();
      const back = Date.now();
      await until(async () => (await timed(secrets.set("k", "v2", 60_000))).ok, 10_000);
      await until(async () => (await timed(jobs.add("q", "job", { n: 99 }))).ok, 10_000);
      expect(await secrets.get("k")).toBe("v2");
      console.log(
        `redis outage: ${results.length} request-path calls refused, slowest ${Math.round(worst)} ms; recovered ${Date.now() - back} ms after Redis returned`,
      );
    } finally {
      await jobs.close();
      await secrets.close();
    }
  }, 30_000);

  it("a job queue first used as Redis goes away works again once it returns", async () => {
    const jobs = createBullmqJobQueue({ connection: redis.url, prefix: "outage-first" });
    try {
      // The queue is set up by this add, and Redis dies while it is being set up.
      const first = timed(jobs.add("fresh", "job", { n: 0 }, { jobId: "first" }));
      await redis.stop();
      expect((await first).ok).toBe(false);
      await redis.start();
      await until(
        async () => (await timed(jobs.add("fresh", "job", { n: 1 }, { jobId: "first" }))).ok,
        10_000,
      );
    } finally {
      await jobs.close();
    }
  }, 30_000);

  // CI found an upload that waited on its image job while Redis died: it got no answer in 5 s (the
  // job's wait listened on queue events that retry forever, up to the upload's 30 s).
  for (const fault of ["killed", "frozen (SIGSTOP: connections open, nothing answered)"] as const) {
    it(`a wait for a job's result ends StoreUnavailableError within 1.5 s when Redis is ${fault} during it`, async () => {
      const jobs = createBullmqJobQueue({ connection: redis.url, prefix: `outage-wait-${fault.length}` });
      try {
        // Nobody processes the queue, so the job stays waiting, as a busy image worker's would.
        const { id } = await jobs.add("images", "job", { n: 1 });
        const waiting = timed(jobs.waitUntilFinished("images", id, 30_000));
        await new Promise((r) => setTimeout(r, 300));
        const at = performance.now();
        if (fault === "killed") await redis.stop();
        else redis.pause();
        await expectOutageWithin(waiting, at, 1500, 5000);
      } finally {
        if (fault === "killed") await redis.start();
        else redis.resume();
        // Closed right after Redis returned, while its blocking connections are between reconnects:
        // a shutdown then hung for good (ioredis emits no 'end' for a cancelled reconnect).
        const closing = await timed(jobs.close());
        expect(closing.ms, "close after the outage").toBeLessThan(5000);
      }
      // Once Redis is back, a wait works again.
      const again = createBullmqJobQueue({ connection: redis.url, prefix: `outage-again-${fault.length}` });
      try {
        again.process("images", async () => "done");
        await until(async () => {
          const added = await timed(again.add("images", "job", {}));
          if (!added.ok) return false;
          return (await timed(again.waitUntilFinished("images", added.value.id, 3000))).ok;
        }, 10_000);
      } finally {
        await again.close();
      }
    }, 40_000);
  }

  it("a first wait on a queue's results ends StoreUnavailableError when Redis takes no new connection", async () => {
    // A TCP proxy to the suite's Redis that stops forwarding new connections on cue: the queue's
    // connections made before go on working, the wait's own event reader never gets in.
    let admitting = true;
    const held: Socket[] = [];
    const proxy: Server = createServer((client) => {
      if (!admitting) {
        held.push(client);
        return;
      }
      const upstream = connect(redis.port, "127.0.0.1");
      client.pipe(upstream).pipe(client);
      const end = () => {
        client.destroy();
        upstream.destroy();
      };
      client.on("error", end).on("close", end);
      upstream.on("error", end).on("close", end);
      held.push(client, upstream);
    });
    await new Promise<void>((r) => proxy.listen(0, "127.0.0.1", r));
    const { port } = proxy.address() as { port: number };
    const jobs = createBullmqJobQueue({ connection: `redis://127.0.0.1:${port}`, prefix: "outage-reader" });
    try {
      const { id } = await jobs.add("images", "job", { n: 1 });
      // The wait's tail read goes over the queue's own request-path connection: up before the cue.
      await until(
        async () => (await timed(jobs.waitUntilFinished("images", "none", 100))).ok === false,
        3000,
      );
      admitting = false;
      const started = performance.now();
      await expectOutageWithin(timed(jobs.waitUntilFinished("other", id, 30_000)), started, 3000, 6000);
    } finally {
      admitting = true;
      for (const socket of held) socket.destroy();
      await jobs.close();
      await new Promise((r) => proxy.close(r));
    }
  }, 30_000);

  it("live publishes during an outage neither reject unhandled nor get lost: counted, kept, sent when Redis returns", async () => {
    const failures: boolean[] = [];
    const live = createRedisLivePublisher({
      url: redis.url,
      prefix: "outage-io",
      flushDelayMs: 300,
      onPublishFailure: (_err, dropped) => failures.push(dropped),
    });
    const heard: string[] = [];
    let listener: Redis | null = null;
    try {
      expect(await live.whenReady(3000)).toBe(true);
      await redis.stop();
      for (let i = 0; i < 20; i++) live.emit([`room-${i}`], "order.updated", { i });
      // Longer than one retry round of ioredis: nothing may escape as an unhandled rejection.
      await new Promise((r) => setTimeout(r, 1500));
      expect(failures).toHaveLength(20);
      expect(failures.every((dropped) => !dropped)).toBe(true);
      expect(live.pending()).toBe(20);

      await redis.start();
      listener = new Redis(redis.url);
      await listener.psubscribe("outage-io*");
      listener.on("pmessageBuffer", (_p, channel: Buffer) => heard.push(channel.toString()));
      await until(() => heard.length >= 20, 10_000);
      expect(live.pending()).toBe(0);
      expect(rejections).toEqual([]);
    } finally {
      listener?.disconnect();
      await live.close();
    }
  }, 30_000);
});
