import type { RedisOptions } from "ioredis";
import { StoreUnavailableError } from "../ports/eventStore.ts";

/**
 * ioredis options for a client a request waits on (secrets, rate limits, sessions, the job
 * producer). ioredis' defaults queue every command while disconnected and retry it 20 times, so a
 * request hung ~73 s during an outage. Here a command fails at once while Redis is away (no offline
 * queue), is retried at most once on a reconnect, and never waits longer than `commandTimeout`; the
 * client keeps reconnecting in the background (at most every 2 s), so service resumes by itself.
 * BullMQ's workers and queue events keep BullMQ's own options (`maxRetriesPerRequest: null`).
 */
export const REQUEST_PATH_REDIS_OPTIONS = {
  maxRetriesPerRequest: 1,
  enableOfflineQueue: false,
  commandTimeout: 750,
  connectTimeout: 1000,
  retryStrategy: (times: number) => Math.min(100 * times, 2000),
} satisfies RedisOptions;

/** Seconds a caller is told to wait (`Retry-After`) when a store does not answer. */
export const RETRY_AFTER_UNAVAILABLE_S = 2;

/**
 * Redis's refusals for its own state, not for the command: out of memory under `noeviction`, a
 * replica's READONLY (a failover), still LOADING its data, a BUSY script, a replica whose primary
 * is down. Each passes by itself, like a lost connection: an outage, answered 503.
 */
const STATE_REFUSAL = /^(OOM|READONLY|LOADING|BUSY|MASTERDOWN|TRYAGAIN|CLUSTERDOWN|NOREPLICAS)\b/;

/** Redis answered with an error of its own (a script or type error): a bug, not an outage. */
const isReplyError = (err: unknown): boolean =>
  err instanceof Error &&
  (err.name === "ReplyError" || err.constructor?.name === "ReplyError") &&
  !STATE_REFUSAL.test(err.message);

/**
 * Runs a request-path Redis call: a connection failure, a refused command (no offline queue) or a
 * timeout becomes `StoreUnavailableError`, which the HTTP layer answers as 503 with `Retry-After`.
 */
export const orUnavailable = async <T>(what: string, call: Promise<T>): Promise<T> => {
  try {
    return await call;
  } catch (err) {
    if (isReplyError(err)) throw err;
    const message = err instanceof Error ? err.message : String(err);
    throw new StoreUnavailableError(`${what} unavailable: ${message}`, { cause: err });
  }
};

/** Like `orUnavailable`, and also bounded in time for calls that have no timeout of their own. */
export const withinDeadline = <T>(what: string, call: Promise<T>, ms: number): Promise<T> => {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
    timer.unref();
  });
  // The late outcome of a call given up on must not surface as an unhandled rejection.
  call.catch(() => {});
  return orUnavailable(what, Promise.race([call, deadline])).finally(() => clearTimeout(timer));
};

/**
 * Resolves true once `client` is connected, or false after `ms`: a fail-fast client refuses
 * commands until its first connection is up, so a process waits for it briefly at start.
 */
export const readyWithin = (
  client: {
    status: string;
    once(event: "ready", fn: () => void): unknown;
    off(event: "ready", fn: () => void): unknown;
  },
  ms: number,
): Promise<boolean> => {
  if (client.status === "ready") return Promise.resolve(true);
  return new Promise((resolve) => {
    const onReady = () => {
      clearTimeout(timer);
      resolve(true);
    };
    const timer = setTimeout(() => {
      client.off("ready", onReady);
      resolve(false);
    }, ms);
    client.once("ready", onReady);
  });
};
