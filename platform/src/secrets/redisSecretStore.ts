import { Redis } from "ioredis";
import type { SecretStore } from "../ports/secrets.ts";
import { orUnavailable, REQUEST_PATH_REDIS_OPTIONS, readyWithin } from "../redis/requestPath.ts";

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

// GET, and SET only when there was nothing to get, in one atomic step (SET NX GET needs Redis 7).
const SET_IF_ABSENT = `
local held = redis.call('GET', KEYS[1])
if held then return held end
redis.call('SET', KEYS[1], ARGV[1])
return ARGV[1]`;

function checkTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

/**
 * Short-lived secrets in Redis with native TTLs (ports/secrets.ts). Requests wait on it (sessions,
 * rate limits, idempotency): it fails fast while Redis is away (`StoreUnavailableError`, a 503).
 */
export interface RedisSecretStore extends SecretStore {
  /** True once connected; false if Redis did not answer within `ms` (commands fail until it does). */
  whenReady(ms: number): Promise<boolean>;
}

export function createRedisSecretStore(options: RedisSecretStoreOptions): RedisSecretStore {
  const redis = new Redis(options.url, REQUEST_PATH_REDIS_OPTIONS);
  // Until the first connection is up a fail-fast client refuses everything: the first calls wait for it, briefly.
  let connected: Promise<boolean> | null = readyWithin(redis, 1000);
  const guard = async <T>(call: () => Promise<T>) => {
    if (connected && (await connected)) connected = null;
    return orUnavailable("secret store (Redis)", call());
  };
  // ioredis reconnects by itself; an unheard "error" event would only be printed as unhandled.
  redis.on("error", (err) => options.onError?.(err));
  const prefix = options.prefix ?? "secrets:";
  const k = (key: string) => `${prefix}${key}`;
  let closing: Promise<void> | null = null;
  return {
    whenReady: (ms) => readyWithin(redis, ms),
    async set(key, value, ttlMs) {
      await guard(() => redis.set(k(key), value, "PX", checkTtl(ttlMs)));
    },
    get(key) {
      return guard(() => redis.get(k(key)));
    },
    getMany(keys) {
      if (keys.length === 0) return Promise.resolve([]);
      return guard(() => redis.mget(keys.map(k)));
    },
    async setIfAbsent(key, value) {
      return String(await guard(() => redis.eval(SET_IF_ABSENT, 1, k(key), value)));
    },
    async delete(key) {
      await guard(() => redis.del(k(key)));
    },
    async incr(key, ttlMs) {
      const ttl = checkTtl(ttlMs);
      const value = await guard(() => redis.eval(INCR_WITH_TTL, 1, k(key), ttl));
      return Number(value);
    },
    async ttl(key) {
      const ms = await guard(() => redis.pttl(k(key)));
      // -2: absent; -1: no expiry (never written by this store).
      if (ms === -2) return null;
      return ms === -1 ? Number.POSITIVE_INFINITY : ms;
    },
    close() {
      closing ??= redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      );
      return closing;
    },
  };
}
