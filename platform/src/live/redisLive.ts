import { Emitter } from "@socket.io/redis-emitter";
import { Redis } from "ioredis";
import type { LivePublisher } from "../ports/live.ts";

export interface RedisLivePublisherOptions {
  /** e.g. `redis://redis:6379`. */
  url: string;
  /** The socket.io Redis key (channel prefix); must equal the adapter's. Defaults to `socket.io`. */
  prefix?: string;
  /** Connection errors (ioredis retries by itself); for logging. */
  onError?: (err: Error) => void;
}

export interface RedisLivePublisher extends LivePublisher {
  close(): Promise<void>;
}

/**
 * The production live fan-out: the socket.io Redis emitter publishes to every query-api
 * instance that runs the Redis adapter (`attachRedisAdapter`) with the same prefix.
 */
export function createRedisLivePublisher(options: RedisLivePublisherOptions): RedisLivePublisher {
  const redis = new Redis(options.url);
  // ioredis reconnects by itself; an unheard "error" event would only be printed as unhandled.
  redis.on("error", (err) => options.onError?.(err));
  const emitter = new Emitter(redis, { key: options.prefix ?? "socket.io" });
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
    close() {
      closing ??= redis.quit().then(() => undefined);
      return closing;
    },
  };
}
