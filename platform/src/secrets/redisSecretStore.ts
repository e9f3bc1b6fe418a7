import { Redis } from "ioredis";
import type { SecretStore } from "../ports/secrets.ts";

export interface RedisSecretStoreOptions {
  /** e.g. `redis://redis:6379`. */
  url: string;
  /** Prepended to every key; defaults to `secrets:`. */
  prefix?: string;
  /** Connection errors (ioredis retries by itself); for logging. */
  onError?: (err: Error) => void;
}

// INCR, and PEXPIRE only when INCR created the key, in one atomic step: a counter keeps the
// expiry of its first increment, and no caller can see a counter without one.
const INCR_WITH_TTL = `
local value = redis.call('INCR', KEYS[1])
if value == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return value`;

function checkTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

/** Short-lived secrets in Redis with native TTLs (ports/secrets.ts). */
export function createRedisSecretStore(options: RedisSecretStoreOptions): SecretStore {
  const redis = new Redis(options.url);
  // ioredis reconnects by itself; an unheard "error" event would only be printed as unhandled.
  redis.on("error", (err) => options.onError?.(err));
  const prefix = options.prefix ?? "secrets:";
  const k = (key: string) => `${prefix}${key}`;
  let closing: Promise<void> | null = null;
  return {
    async set(key, value, ttlMs) {
      await redis.set(k(key), value, "PX", checkTtl(ttlMs));
    },
    get(key) {
      return redis.get(k(key));
    },
    async delete(key) {
      await redis.del(k(key));
    },
    async incr(key, ttlMs) {
      const value = await redis.eval(INCR_WITH_TTL, 1, k(key), checkTtl(ttlMs));
      return Number(value);
    },
    async ttl(key) {
      const ms = await redis.pttl(k(key));
      // -2: absent; -1: no expiry (never written by this store).
      if (ms === -2) return null;
      return ms === -1 ? Number.POSITIVE_INFINITY : ms;
    },
    close() {
      closing ??= redis.quit().then(() => undefined);
      return closing;
    },
  };
}
