import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SecretStore } from "../ports/secrets.ts";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "../testing/redisTest.ts";
import { createRedisSecretStore } from "./redisSecretStore.ts";
import { secretStoreConformance } from "./secretStore.conformance.ts";

const prefix = `${runPrefix("secrets")}:`;

beforeAll(() => requireRedis());
afterAll(async () => {
  await deleteKeys(prefix);
});

secretStoreConformance("Redis", async () => {
  let store: SecretStore = createRedisSecretStore({ url: REDIS_URL, prefix });
  return {
    get store() {
      return store;
    },
    async reopen() {
      await store.close();
      store = createRedisSecretStore({ url: REDIS_URL, prefix });
      return store;
    },
    cleanup: () => store.close(),
  };
});

describe("Redis secret store", () => {
  it("keeps its keys under its prefix with native Redis expiry", async () => {
    const store = createRedisSecretStore({ url: REDIS_URL, prefix });
    const redis = new Redis(REDIS_URL);
    try {
      await store.set("otp:1", "hash", 5_000);
      await store.incr("rate:1", 5_000);
      expect(await redis.get(`${prefix}otp:1`)).toBe("hash");
      expect(await redis.pttl(`${prefix}rate:1`)).toBeGreaterThan(4_000);
      expect(await redis.exists("otp:1")).toBe(0);
    } finally {
      await redis.quit();
      await store.close();
    }
  });

  it("rejects a ttl that is not a positive number", async () => {
    const store = createRedisSecretStore({ url: REDIS_URL, prefix });
    try {
      await expect(store.set("k", "v", 0)).rejects.toBeInstanceOf(RangeError);
      await expect(store.incr("k", Number.NaN)).rejects.toBeInstanceOf(RangeError);
    } finally {
      await store.close();
    }
  });
});
