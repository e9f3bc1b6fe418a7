import type { Config } from "../config/config.ts";

/** A Redis round trip for /readyz of a process whose only Redis user is BullMQ; null without Redis. */
export async function openRedisProbe(
  config: Config,
): Promise<{ ping(): Promise<void>; close(): Promise<void> } | null> {
  if (!config.redisUrl) return null;
  const { Redis } = await import("ioredis");
  const redis = new Redis(config.redisUrl, { lazyConnect: true, maxRetriesPerRequest: 1 });
  redis.on("error", () => {});
  return {
    async ping() {
      await redis.ping();
    },
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
