import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OwnRedis, startOwnRedis } from "@shop/platform/testing/ownRedis";
import { afterAll, describe, expect, it } from "vitest";
import { signupCustomer } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";

/**
 * A fault probe: a SIGTERM while Redis was frozen (paused, not gone) ended in a forced exit after
 * 5 s with code 1 and no line in the log: closing Redis's clients (a QUIT waits for its answer)
 * took about a minute.
 */
describe("stopping the Redis-backed shop while Redis is frozen (own redis-server)", () => {
  let redis: OwnRedis | undefined;
  let shop: ShopChild | undefined;
  const dataDir = mkdtempSync(join(tmpdir(), "frozen-stop-"));
  afterAll(async () => {
    redis?.resume();
    await shop?.stop();
    await redis?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("saves the read models and exits 0 within compose's 10 s", async () => {
    redis = await startOwnRedis();
    shop = await startShopChild({ DATA_DIR: dataDir, REDIS_URL: redis.url, LOG_LEVEL: "info" });
    await signupCustomer(shop.base, "Before The Freeze");
    redis.pause();
    const { code, seconds } = await shop.terminate();
    console.log(`[fault] stopWithRedisFrozen | exit ${code} after ${seconds.toFixed(1)} s`);
    // Stopped, not killed at the bound: the stores that keep data closed, Redis's clients left behind.
    expect(code).toBe(0);
    expect(seconds).toBeLessThan(10);
    expect(existsSync(join(dataDir, "read-models.db"))).toBe(true);
  }, 60_000);
});
