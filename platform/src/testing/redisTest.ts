import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";

/** The Redis the production-adapter suites run against; CI guarantees one. */
export const REDIS_URL = process.env.REDIS_URL?.trim() || "redis://127.0.0.1:6379";

/** A key prefix unique to this run, so a shared Redis keeps runs apart. */
export const runPrefix = (suite: string) => `test:${suite}:${randomUUID()}`;

/** A client that fails at once instead of retrying, remembering the last connection error. */
function failFastClient(url: string) {
  const redis = new Redis(url, {
    lazyConnect: true,
    connectTimeout: 3000,
    maxRetriesPerRequest: 0,
    enableOfflineQueue: false,
    retryStrategy: () => null,
  });
  const state: { lastError?: Error } = {};
  redis.on("error", (error: Error) => {
    state.lastError = error;
  });
  const fail = (error: unknown): never => {
    const reason = state.lastError?.message ?? (error instanceof Error ? error.message : String(error));
    throw new Error(
      `Redis at ${url} did not answer (${reason}): the Redis adapter suites need it (REDIS_URL)`,
    );
  };
  return { redis, connect: () => redis.connect().catch(fail) };
}

/**
 * Fails loudly when Redis does not answer: the Redis suites must never skip or pass silently.
 * Call it from `beforeAll`.
 */
export async function requireRedis(url = REDIS_URL): Promise<void> {
  const { redis, connect } = failFastClient(url);
  try {
    await connect();
    await redis.ping();
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key starting with `prefix`; answers how many. */
export async function deleteKeys(prefix: string, url = REDIS_URL): Promise<number> {
  const { redis, connect } = failFastClient(url);
  let deleted = 0;
  try {
    await connect();
    let cursor = "0";
    do {
      const [next, keys] = await redis.scan(cursor, "MATCH", `${prefix}*`, "COUNT", 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== "0");
  } finally {
    redis.disconnect();
  }
  return deleted;
}
