import { Emitter } from "@socket.io/redis-emitter";
import { Redis } from "ioredis";
import type { LivePublisher } from "../ports/live.ts";
import { REQUEST_PATH_REDIS_OPTIONS, readyWithin } from "../redis/requestPath.ts";

export interface RedisLivePublisherOptions {
  /** e.g. `redis://redis:6379`. */
  url: string;
  /** The socket.io Redis key (channel prefix); must equal the adapter's. Defaults to `socket.io`. */
  prefix?: string;
  /** Connection errors (ioredis retries by itself); for logging. */
  onError?: (err: Error) => void;
  /**
   * A publish Redis refused or no server heard: kept for a retry (`dropped`: the buffer was full, its
   * oldest went). `pending`: how many are kept now; 1 is the first of a streak (the buffer was empty).
   */
  onPublishFailure?: (err: Error, dropped: boolean, pending: number) => void;
  /** Most refused publishes kept for the retry; the oldest go first (default 10 000). */
  maxPending?: number;
  /**
   * How long after Redis returns the kept publishes go out (default 2500 ms): the query-api
   * adapters' subscriber connections must have resubscribed by then, or the message reaches no one.
   */
  flushDelayMs?: number;
  /** How soon a publish no server heard is tried again (default 250 ms, doubling to 2 s). */
  unheardRetryMs?: number;
}

export interface RedisLivePublisher extends LivePublisher {
  /** Publishes waiting for Redis to return. */
  pending(): number;
  /** True once connected; false if Redis did not answer within `ms` (publishes wait until it does). */
  whenReady(ms: number): Promise<boolean>;
  close(): Promise<void>;
}

/**
 * The production live fan-out: the socket.io Redis emitter publishes to every query-api
 * instance that runs the Redis adapter (`attachRedisAdapter`) with the same prefix.
 *
 * The emitter calls `publish` without awaiting it: with ioredis' defaults a Redis outage made that
 * promise reject after ~74 s with no one listening, and the process died of the unhandled
 * rejection. Here every publish is caught; while Redis is away it fails at once (no offline queue)
 * and is kept, in order, in a bounded buffer that goes out shortly after Redis returns, so a
 * notification of an outage is late rather than lost (clients also refetch on reconnect).
 *
 * A publish Redis took but no socket server heard (PUBLISH answered 0 receivers: the adapters'
 * subscriber connections were gone — Redis had just restarted and this client reconnected first,
 * or Redis closed them, as it does to a pub/sub client past its output buffer limit) is kept the
 * same way and published again every `unheardRetryMs` (doubling to 2 s) until a server hears it.
 * Its sockets stayed connected, so nothing else would tell their clients of the change. A kept
 * notification may then arrive after a later one; the clients keep the later position.
 */
export function createRedisLivePublisher(options: RedisLivePublisherOptions): RedisLivePublisher {
  const redis = new Redis(options.url, REQUEST_PATH_REDIS_OPTIONS);
  // ioredis reconnects by itself; an unheard "error" event would only be printed as unhandled.
  redis.on("error", (err) => options.onError?.(err));
  const maxPending = options.maxPending ?? 10_000;
  const pending: { channel: string; message: Buffer | string }[] = [];
  let flushTimer: NodeJS.Timeout | undefined;
  let closed = false;

  const keep = (channel: string, message: Buffer | string, err: unknown) => {
    const error = err instanceof Error ? err : new Error(String(err));
    pending.push({ channel, message });
    const dropped = pending.length > maxPending;
    if (dropped) pending.shift();
    options.onPublishFailure?.(error, dropped, pending.length);
  };
  const firstRetryMs = options.unheardRetryMs ?? 250;
  let retryMs = firstRetryMs;
  const retryLater = () => {
    if (closed || flushTimer !== undefined) return;
    flushTimer = setTimeout(() => void flush(), retryMs);
    retryMs = Math.min(retryMs * 2, 2000);
  };
  const send = (channel: string, message: Buffer | string) => {
    // Later publishes queue behind kept ones, so a room hears them in order.
    if (pending.length > 0 || redis.status !== "ready") return keep(channel, message, notReady());
    redis.publish(channel, message).then(
      (receivers) => {
        if (receivers > 0) return;
        keep(channel, message, unheard());
        retryLater();
      },
      (err: unknown) => keep(channel, message, err),
    );
  };
  let flushing = false;
  const flush = async () => {
    flushTimer = undefined;
    if (flushing) return;
    flushing = true;
    try {
      while (pending.length > 0 && !closed && redis.status === "ready") {
        const next = pending[0]!;
        let receivers: number;
        try {
          receivers = await redis.publish(next.channel, next.message);
        } catch {
          return; // Redis went away again: the next "ready" retries.
        }
        if (receivers === 0) return retryLater();
        retryMs = firstRetryMs;
        pending.shift();
      }
    } finally {
      flushing = false;
    }
  };
  let readyBefore = false;
  redis.on("ready", () => {
    // The first connection: nobody can have missed a subscription yet, so what waited goes at once.
    const delay = readyBefore ? (options.flushDelayMs ?? 2500) : 0;
    readyBefore = true;
    if (pending.length === 0 || closed) return;
    clearTimeout(flushTimer);
    flushTimer = setTimeout(() => void flush(), delay);
  });
  const emitter = new Emitter({ publish: send }, { key: options.prefix ?? "socket.io" });
  let closing: Promise<void> | null = null;
  // socket.io treats an empty room list as "every socket": an empty list must do nothing, or a
  // notification meant for nobody would reach (or disconnect) everyone.
  return {
    emit(rooms, event, payload) {
      if (rooms.length > 0) emitter.to(rooms).emit(event, payload);
    },
    socketsJoin(inRooms, rooms) {
      if (inRooms.length > 0 && rooms.length > 0) emitter.in(inRooms).socketsJoin(rooms);
    },
    socketsLeave(inRooms, rooms) {
      if (inRooms.length > 0 && rooms.length > 0) emitter.in(inRooms).socketsLeave(rooms);
    },
    disconnectSockets(inRooms) {
      if (inRooms.length > 0) emitter.in(inRooms).disconnectSockets(true);
    },
    pending: () => pending.length,
    whenReady: (ms) => readyWithin(redis, ms),
    close() {
      closed = true;
      clearTimeout(flushTimer);
      closing ??= redis.quit().then(
        () => undefined,
        () => redis.disconnect(),
      );
      return closing;
    },
  };
}

const notReady = () => new Error("Redis not connected");
const unheard = () => new Error("no socket server subscribed (PUBLISH reached 0 receivers)");
