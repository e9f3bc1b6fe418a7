import { once } from "node:events";
import { createAdapter } from "@socket.io/redis-adapter";
import { Redis } from "ioredis";
import type { Server } from "socket.io";

export interface RedisAdapterOptions {
  /** e.g. `redis://redis:6379`. */
  url: string;
  /** The socket.io Redis key (channel prefix); must equal the emitter's. Defaults to `socket.io`. */
  prefix?: string;
  onError?: (error: Error) => void;
}

export interface RedisAdapterHandle {
  /** Quits the pub/sub connections; call it after `io.close()` (which closes the adapter). */
  close(): Promise<void>;
}

/**
 * Attaches the socket.io Redis adapter to `io`, so broadcasts, joins and disconnects reach the
 * sockets of every query-api instance, and the projector's emitter reaches them all. Resolves
 * once both connections are ready.
 */
export async function attachRedisAdapter(
  io: Server,
  options: RedisAdapterOptions,
): Promise<RedisAdapterHandle> {
  const pub = new Redis(options.url);
  const sub = pub.duplicate();
  const onError = options.onError ?? (() => {});
  pub.on("error", onError);
  sub.on("error", onError);
  try {
    await Promise.all(
      [pub, sub].map((client) => (client.status === "ready" ? undefined : once(client, "ready"))),
    );
  } catch (error) {
    pub.disconnect();
    sub.disconnect();
    throw error;
  }
  io.adapter(createAdapter(pub, sub, { key: options.prefix ?? "socket.io" }));
  let closing: Promise<void> | null = null;
  return {
    close() {
      closing ??= Promise.allSettled([pub.quit(), sub.quit()]).then(() => undefined);
      return closing;
    },
  };
}
