import { startOwnRedis } from "@shop/platform/testing/ownRedis";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

/**
 * A fault probe: a Redis that answers but refuses writes for its own state — out of memory under
 * `noeviction`, a replica (READONLY) after a failover, still loading its data — made every command
 * answer 500 "Something went wrong on our side", without Retry-After: such a refusal was taken
 * for a bug (a script's error) rather than for an outage.
 */
describe("a Redis that refuses writes for its own state (own redis-server)", () => {
  const redisReady = startOwnRedis();
  let shop: TestShop;
  let admin: Redis;
  beforeAll(async () => {
    const redis = await redisReady;
    admin = new Redis(redis.url);
    shop = await startTestShop({ env: { REDIS_URL: redis.url } });
  }, 60_000);
  afterAll(async () => {
    await shop?.destroy();
    admin?.disconnect();
    await (await redisReady).destroy();
  });

  const send = () =>
    client(shop.url).post("/api/messages", { name: "Ravi", email: "ravi@example.com", message: "Hello" });

  it("answers 503 with Retry-After while Redis is out of memory or read-only, then works again", async () => {
    expect((await send()).status).toBe(201);
    const seen: string[] = [];
    await admin.config("SET", "maxmemory-policy", "noeviction");
    await admin.config("SET", "maxmemory", "1");
    try {
      const full = await send();
      seen.push(`OOM ${full.status}`);
      expect(full.status).toBe(503);
      expect(Number(full.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await admin.config("SET", "maxmemory", "0");
    }
    // A replica of a primary that is not there: its writes are refused with READONLY.
    await admin.replicaof("127.0.0.1", "1");
    try {
      const replica = await send();
      seen.push(`READONLY ${replica.status}`);
      expect(replica.status).toBe(503);
      expect(Number(replica.headers.get("retry-after"))).toBeGreaterThan(0);
    } finally {
      await admin.replicaof("NO", "ONE");
    }
    console.log(`[fault] redisRefusals | ${seen.join("; ")}`);
    expect((await send()).status).toBe(201);
  });
});
