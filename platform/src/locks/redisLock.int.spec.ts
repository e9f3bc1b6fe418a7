import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { acquireLeadership, type Leadership } from "./redisLock.ts";

const prefix = runPrefix("lock");
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(() => requireRedis());
afterAll(async () => {
  await deleteKeys(prefix);
});

describe("Redis leadership lock", () => {
  it("makes a second contender wait, past the TTL, until the first releases", async () => {
    const key = `${prefix}:projector`;
    const first = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    let second: Leadership | null = null;
    const waiting = acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 }).then((l) => {
      second = l;
      return l;
    });
    // Three TTLs: the first holder's renewals keep the lock.
    await sleep(900);
    expect(second).toBeNull();
    expect(first.lost.aborted).toBe(false);
    await first.release();
    expect(first.lost.aborted).toBe(true);
    const next = await waiting;
    expect(next.lost.aborted).toBe(false);
    await next.release();
    const redis = new Redis(REDIS_URL);
    expect(await redis.exists(key)).toBe(0);
    await redis.quit();
  });

  it("takes over a lock whose holder stopped renewing (a crash) once its TTL expires", async () => {
    const key = `${prefix}:crashed`;
    const redis = new Redis(REDIS_URL);
    // Timed from before the SET: the key lives 200 ms from when Redis set it, which is after this.
    const started = Date.now();
    await redis.set(key, "someone-else", "PX", 200);
    const leadership = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(150);
    await leadership.release();
    await redis.quit();
  });

  it("signals `lost` when the lock is taken over, and release then leaves the new holder alone", async () => {
    const key = `${prefix}:stolen`;
    const leadership = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    const redis = new Redis(REDIS_URL);
    await redis.set(key, "intruder", "PX", 5_000);
    await new Promise((resolve) => leadership.lost.addEventListener("abort", resolve, { once: true }));
    expect(String(leadership.lost.reason)).toContain("taken over");
    await leadership.release();
    expect(await redis.get(key)).toBe("intruder");
    await redis.quit();
  });

  it("stops waiting when its signal aborts, and releases when aborted after acquiring", async () => {
    const key = `${prefix}:abort`;
    const holder = new AbortController();
    const leadership = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, signal: holder.signal });
    const waiter = new AbortController();
    const waiting = acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20, signal: waiter.signal });
    setTimeout(() => waiter.abort(new Error("shutting down")), 50);
    await expect(waiting).rejects.toThrow("shutting down");
    holder.abort();
    expect(leadership.lost.aborted).toBe(true);
    await leadership.release();
    const redis = new Redis(REDIS_URL);
    await sleep(20);
    expect(await redis.exists(key)).toBe(0);
    await redis.quit();
  });

  it("gives every term a higher fence, which the holder can raise past a store's but not after losing the lock", async () => {
    const key = `${prefix}:fenced`;
    const first = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    await first.release();
    const second = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    expect(second.fence).toBeGreaterThan(first.fence);
    // Redis lost its counter (restarted empty) while a store still holds fence 50.
    const redis = new Redis(REDIS_URL);
    await redis.del(`${key}:fence`);
    expect(await second.raiseFence(51)).toBe(51);
    expect(second.fence).toBe(51);
    await second.release();
    await expect(second.raiseFence(60)).rejects.toThrow(/no longer held/);
    const third = await acquireLeadership({ url: REDIS_URL, key, ttlMs: 300, pollMs: 20 });
    expect(third.fence).toBe(52);
    await third.release();
    await redis.quit();
  });
});
