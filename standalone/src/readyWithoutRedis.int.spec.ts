import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OwnRedis, startOwnRedis } from "@shop/platform/testing/ownRedis";
import { afterAll, describe, expect, it } from "vitest";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";
import { until } from "./testing/until.ts";

/**
 * A fault probe: the Redis-backed shop answered /readyz 200 "ready" while its Redis was frozen or
 * gone (started so, or losing it later), and every sign-in and command answered 503: a load
 * balancer or an operator's check sent customers to a shop that could not take them. /readyz is
 * 503 naming the store while Redis does not answer, and 200 again once it does.
 */
describe("the Redis-backed shop's /readyz while its Redis is away (own redis-server)", () => {
  let redis: OwnRedis | undefined;
  let shop: ShopChild | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "ready-without-redis-"));
  afterAll(async () => {
    redis?.resume();
    await shop?.stop();
    await redis?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  const readyz = async () => {
    const started = performance.now();
    const res = await fetch(`${shop?.base}/readyz`, { signal: AbortSignal.timeout(10_000) });
    return {
      status: res.status,
      body: (await res.json()) as { failing?: string[] },
      ms: performance.now() - started,
    };
  };

  it("is 503 naming the secret store while Redis is down or frozen, answering within 3 s, and 200 once it is back", async () => {
    redis = await startOwnRedis();
    shop = await startShopChild({ DATA_DIR: dataDir, REDIS_URL: redis.url, REDIS_PREFIX: "readyz-probe:" });
    expect((await readyz()).status).toBe(200);

    await redis.stop();
    await until(async () => (await readyz()).status === 503, 15_000, "/readyz 503 with Redis down");
    const down = await readyz();
    expect(down.body.failing).toContain("secrets");
    expect(down.ms).toBeLessThan(3000);
    await redis.start();
    await until(async () => (await readyz()).status === 200, 30_000, "/readyz 200 with Redis back");

    redis.pause();
    const frozen = await readyz();
    console.log(
      `[fault] readyWithoutRedis | down ${down.status} ${down.ms.toFixed(0)} ms, frozen ${frozen.status} ${frozen.ms.toFixed(0)} ms`,
    );
    expect(frozen.status).toBe(503);
    expect(frozen.ms).toBeLessThan(3000);
    redis.resume();
    await until(async () => (await readyz()).status === 200, 30_000, "/readyz 200 with Redis running again");
    expect(shop.exitedWith()).toBeNull();
  }, 90_000);
});
