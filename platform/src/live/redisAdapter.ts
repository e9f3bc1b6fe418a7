import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import type { Server } from "socket.io";
import { REQUEST_PATH_REDIS_OPTIONS, readyWithin } from "../redis/requestPath.ts";

export interface RedisAdapterOptions {
  /** e.g. `redis://redis:6379`. */
  url: string;
  /** The socket.io Redis key (channel prefix); must equal the emitter's. Defaults to `socket.io`. */
  prefix?: string;
  onError?: (error: Error) => void;
  /** A publish Redis refused (an outage): the broadcast is lost, the socket.io clients refetch. */
  onPublishFailure?: (error: Error) => void;
  /** How long the attach waits for Redis before going on without it (default 3000 ms). */
  readyWaitMs?: number;
}

export interface RedisAdapterHandle {
  /** Quits the pub/sub connections; call it after `io.close()` (which closes the adapter). */
  close(): Promise<void>;
}

/**
 * Attaches the socket.io Redis adapter to `io`, so broadcasts, joins and disconnects reach the
 * sockets of every query-api instance, and the projector's emitter reaches them all. Resolves
 * once both connections are ready, or after `readyWaitMs` with Redis still away: the process
 * starts without it (its subscriptions are made as soon as Redis answers; the emitter keeps what no
 * server heard), as it goes on through an outage. Waiting with `events.once` rejected at the first
 * refused connection, and a shop started during a Redis outage exited.
 */
export async function attachRedisAdapter(
  io: Server,
  options: RedisAdapterOptions,
): Promise<RedisAdapterHandle> {
  // The publisher fails fast; the subscriber keeps ioredis' queue, so its subscriptions are renewed
  // as soon as Redis returns (at most a second later) and the emitter's kept publishes are heard.
  const pub = new Redis(options.url, REQUEST_PATH_REDIS_OPTIONS);
  const sub = new Redis(options.url, { retryStrategy: (times) => Math.min(100 * times, 1000) });
  const onError = options.onError ?? (() => {});
  pub.on("error", onError);
  sub.on("error", onError);
  const waitMs = options.readyWaitMs ?? 3000;
  await Promise.all([readyWithin(pub, waitMs), readyWithin(sub, waitMs)]);
  io.adapter(
    createAdapter(catchingPublishes(pub, options.onPublishFailure), sub, {
      key: options.prefix ?? "socket.io",
    }),
  );
  let closing: Promise<void> | null = null;
  return {
    close() {
      closing ??= Promise.allSettled([pub.quit(), sub.quit()]).then(() => undefined);
      return closing;
    },
  };
}

/**
 * The adapter calls `publish` without awaiting it: a rejection (Redis away) would be unhandled and
 * end the process. This view of the client catches it; every other member is the client's own.
 */
function catchingPublishes(client: Redis, onFailure?: (error: Error) => void): Redis {
  const publish = (channel: string, message: string | Buffer) =>
    client.publish(channel, message).catch((err: unknown) => {
      onFailure?.(err instanceof Error ? err : new Error(String(err)));
      return 0;
    });
  return new Proxy(client, {
    get(target, prop) {
      if (prop === "publish") return publish;
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === "function" ? value.bind(target) : value;
    },
  });
}
