import { randomUUID } from "node:crypto";
import { closeSync, fsyncSync, openSync, readFileSync, renameSync, writeSync } from "node:fs";
import { join } from "node:path";
import type { Logger } from "pino";
import type { Config } from "./config.ts";

/**
 * One Redis prefix belongs to one shop's data. Two standalone shops (their own DATA_DIRs) on one
 * REDIS_URL shared every key and channel: one's mail jobs ran on the other, its live rooms were
 * heard by the other's sockets, its rate limits counted both. So a shop with REDIS_URL keeps a
 * random id in `DATA_DIR/shop-id` and claims `<prefix>shop:owner` with it (SET NX, no expiry);
 * another id there refuses the start, saying why.
 */
export interface RedisClaim {
  /** Stops the background check (started when Redis did not answer at start). */
  close(): Promise<void>;
}

export interface RedisClaimOptions {
  logger: Logger;
  /** The Redis prefix the shop's ports use; REDIS_PREFIX when absent. */
  redisPrefix?: string;
  /** How long the check at start may take before the start goes on without it. */
  startWaitMs?: number;
  /** How often the check runs again in the background when Redis did not answer at start. */
  retryMs?: number;
}

export const SHOP_ID_FILE = "shop-id";
const SHOP_ID = /^[A-Za-z0-9-]{16,128}$/;

/**
 * This DATA_DIR's shop id, made at its first start (mode 0600: the owner's alone; written to a
 * temporary file and renamed, so a crash never leaves half an id). The caller holds DATA_DIR's lock.
 */
export function shopIdOf(dataDir: string): string {
  const file = join(dataDir, SHOP_ID_FILE);
  try {
    const stored = readFileSync(file, "utf8").trim();
    if (SHOP_ID.test(stored)) return stored;
    throw new Error(`${file} does not hold a shop id: delete it to have a new one made`);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  const id = randomUUID();
  const temp = `${file}.${process.pid}.tmp`;
  const fd = openSync(temp, "w", 0o600);
  try {
    writeSync(fd, `${id}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  renameSync(temp, file);
  return id;
}

/** REDIS_URL without its user name and password, to be named in messages and logs. */
export const redactedRedisUrl = (url: string): string => {
  try {
    const parsed = new URL(url);
    parsed.username = "";
    parsed.password = "";
    return parsed.toString().replace(/\/$/, "");
  } catch {
    return "REDIS_URL";
  }
};

const claimedMessage = (url: string, prefix: string) =>
  `the Redis at ${redactedRedisUrl(url)} (with prefix "${prefix}") holds another shop's queues, ` +
  "sessions and live rooms (another DATA_DIR's shop claimed it): give this shop its own Redis, " +
  "or set REDIS_PREFIX to a prefix of its own";

/** Claims the key, or reads who holds it: the owner's id, or null when Redis kept nothing. */
async function claimOnce(url: string, key: string, id: string, waitMs: number): Promise<string | null> {
  const { Redis } = await import("ioredis");
  const redis = new Redis(url, {
    lazyConnect: true,
    maxRetriesPerRequest: 1,
    connectTimeout: waitMs,
    // One try: the next check is another client, a few seconds later.
    retryStrategy: () => null,
  });
  redis.on("error", () => {});
  const check = async () => {
    await redis.connect();
    // A Redis that refuses writes (read-only, out of memory) may still say whose the key is.
    const refused = await redis.set(key, id, "NX").then(
      () => null,
      (err: unknown) => err,
    );
    const owner = await redis.get(key);
    if (owner === null && refused) throw refused;
    return owner;
  };
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      check(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`Redis did not answer within ${waitMs} ms`)), waitMs);
      }),
    ]);
  } finally {
    clearTimeout(timer);
    // A goodbye when it answered (bounded: a Redis that froze since would hold it), then closed.
    if (redis.status === "ready")
      await Promise.race([redis.quit().catch(() => {}), new Promise((r) => setTimeout(r, 500).unref())]);
    redis.disconnect();
  }
}

/**
 * Claims the shop's Redis prefix for this DATA_DIR's shop (nothing without REDIS_URL). Another
 * shop's claim there throws, saying what to do. A Redis that does not answer within `startWaitMs`
 * does not hold the start: a warning, and the check runs again every `retryMs` in the background
 * until it answers, logging an error if the prefix turns out to be another shop's.
 */
export async function claimRedis(config: Config, options: RedisClaimOptions): Promise<RedisClaim> {
  const url = config.redisUrl;
  if (!url) return { close: async () => {} };
  const prefix = options.redisPrefix ?? config.redisPrefix ?? "";
  const key = `${prefix}shop:owner`;
  const id = shopIdOf(config.dataDir);
  const waitMs = options.startWaitMs ?? 2000;
  const { logger } = options;

  /** True once answered (ours or another's); false when Redis did not answer. */
  const attempt = async (): Promise<{ answered: boolean; ours: boolean }> => {
    try {
      const owner = await claimOnce(url, key, id, waitMs);
      return owner === null ? { answered: false, ours: false } : { answered: true, ours: owner === id };
    } catch (err) {
      logger.debug({ err: (err as Error).message }, "Redis claim: no answer");
      return { answered: false, ours: false };
    }
  };

  const first = await attempt();
  if (first.answered) {
    if (!first.ours) throw new Error(claimedMessage(url, prefix));
    return { close: async () => {} };
  }
  logger.warn(
    { redis: redactedRedisUrl(url), prefix },
    "Redis did not answer at start: whether another shop uses it (REDIS_PREFIX) is checked again in the background",
  );
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> = Promise.resolve();
  const again = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      running = attempt().then((next) => {
        if (stopped) return;
        if (!next.answered) return again();
        if (next.ours) logger.info({ prefix }, "Redis claimed for this shop");
        else logger.error({ prefix }, claimedMessage(url, prefix));
      });
    }, options.retryMs ?? 5000);
    timer.unref();
  };
  again();
  return {
    async close() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
