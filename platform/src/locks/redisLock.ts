import { randomUUID } from "node:crypto";
import { Redis } from "ioredis";
import { REQUEST_PATH_REDIS_OPTIONS, readyWithin } from "../redis/requestPath.ts";

export interface LeadershipOptions {
  /** Redis URL, e.g. `redis://redis:6379`. */
  url: string;
  /** The lock's key, e.g. `projector:leader`. */
  key: string;
  /** How long the lock outlives its holder when the holder stops renewing (a crash). */
  ttlMs: number;
  /** Aborting stops waiting (the promise rejects) or, once acquired, releases the lock. */
  signal?: AbortSignal;
  /** How often a waiting contender tries again; defaults to a third of `ttlMs`, at most 1 s. */
  pollMs?: number;
  /** Redis errors while waiting or renewing (they are retried). */
  onError?: (error: unknown) => void;
}

export interface Leadership {
  /** Aborts when leadership ends: taken over, not renewable in time, or released. */
  lost: AbortSignal;
  /**
   * This term's fencing token: every acquisition of the lock gets a higher one, so a store can
   * refuse the writes of a leader that was deposed and does not know it yet.
   */
  fence: number;
  /**
   * Raises this term's fence to at least `atLeast` while the lock is still held (a Redis that lost
   * its counter, e.g. restarted empty, would otherwise hand out fences a store has seen already).
   * Answers the fence now in force; rejects when the lock is no longer held.
   */
  raiseFence(atLeast: number): Promise<number>;
  release(): Promise<void>;
}

// Take the lock and, in the same step, the next fencing token (0: the lock is someone else's).
const ACQUIRE = `if redis.call('SET', KEYS[1], ARGV[1], 'PX', ARGV[2], 'NX') then return redis.call('INCR', KEYS[2]) else return 0 end`;
// Raise the fence counter to ARGV[2] (never lower it), only while the lock still holds our token.
const RAISE_FENCE = `if redis.call('GET', KEYS[1]) ~= ARGV[1] then return 0 end
local current = tonumber(redis.call('GET', KEYS[2]) or '0')
local wanted = tonumber(ARGV[2])
if current < wanted then redis.call('SET', KEYS[2], wanted) current = wanted end
return current`;
// Renew or delete only while the key still holds our token (compare-and-set in one step).
const RENEW = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('PEXPIRE', KEYS[1], ARGV[2]) else return 0 end`;
const RELEASE = `if redis.call('GET', KEYS[1]) == ARGV[1] then return redis.call('DEL', KEYS[1]) else return 0 end`;

function abortError(signal: AbortSignal): unknown {
  return signal.reason ?? new DOMException("The operation was aborted", "AbortError");
}

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/**
 * A single-holder Redis lock (SET NX PX, renewed every third of the TTL, released by
 * compare-and-delete), so only one projector instance projects. Waits, polling, until it holds
 * the lock. The holder must stop its work when `lost` aborts.
 */
export async function acquireLeadership(options: LeadershipOptions): Promise<Leadership> {
  const { key, ttlMs, signal } = options;
  if (!Number.isFinite(ttlMs) || ttlMs < 30) throw new RangeError(`ttlMs must be at least 30, got ${ttlMs}`);
  const renewEvery = Math.floor(ttlMs / 3);
  const pollMs = options.pollMs ?? Math.min(1000, renewEvery);
  const token = randomUUID();
  // Fail fast: a renewal or an attempt that cannot reach Redis fails at once and is retried on the
  // timer, rather than queued for ~74 s (the holder must learn it lost the lock within the TTL).
  const redis = new Redis(options.url, REQUEST_PATH_REDIS_OPTIONS);
  redis.on("error", (error) => options.onError?.(error));

  // Wait for the lock; `confirmedAt` is taken before the command, so the key lives at least until `confirmedAt + ttlMs`.
  let confirmedAt = 0;
  let fence = 0;
  // A fail-fast client refuses commands until it is connected: let the first attempt wait for that.
  await readyWithin(redis, Math.min(ttlMs, 2000));
  for (;;) {
    if (signal?.aborted) {
      redis.disconnect();
      throw abortError(signal);
    }
    const startedAt = Date.now();
    try {
      fence = Number(await redis.eval(ACQUIRE, 2, key, `${key}:fence`, token, ttlMs));
      if (fence > 0) {
        confirmedAt = startedAt;
        break;
      }
    } catch (error) {
      options.onError?.(error);
    }
    await sleep(pollMs, signal);
  }

  const lost = new AbortController();
  let renewing = false;
  const end = (reason: string) => {
    clearInterval(timer);
    signal?.removeEventListener("abort", onAbort);
    if (!lost.signal.aborted) lost.abort(new Error(reason));
  };
  const renew = async () => {
    // Past two thirds of the TTL without a confirmed renewal, another instance may take over soon.
    if (Date.now() - confirmedAt >= ttlMs - renewEvery)
      return end(`leadership of ${key} could not be renewed in time`);
    if (renewing) return;
    renewing = true;
    const startedAt = Date.now();
    try {
      const renewed = await redis.eval(RENEW, 1, key, token, ttlMs);
      if (lost.signal.aborted) return;
      if (renewed === 1) confirmedAt = startedAt;
      else end(`leadership of ${key} was taken over`);
    } catch (error) {
      options.onError?.(error);
    } finally {
      renewing = false;
    }
  };
  const timer = setInterval(() => void renew(), renewEvery);

  let releasing: Promise<void> | null = null;
  const release = () => {
    releasing ??= (async () => {
      const held = !lost.signal.aborted;
      end(`leadership of ${key} released`);
      try {
        if (held) await redis.eval(RELEASE, 1, key, token);
      } catch (error) {
        options.onError?.(error);
      }
      await redis.quit().catch(() => redis.disconnect());
    })();
    return releasing;
  };
  const onAbort = () => void release();
  signal?.addEventListener("abort", onAbort, { once: true });
  const leadership: Leadership = {
    lost: lost.signal,
    fence,
    async raiseFence(atLeast) {
      if (lost.signal.aborted) throw new Error(`leadership of ${key} is no longer held`);
      if (atLeast <= leadership.fence) return leadership.fence;
      const raised = Number(await redis.eval(RAISE_FENCE, 2, key, `${key}:fence`, token, atLeast));
      if (raised === 0) throw new Error(`leadership of ${key} is no longer held`);
      leadership.fence = raised;
      return raised;
    },
    release,
  };
  return leadership;
}
