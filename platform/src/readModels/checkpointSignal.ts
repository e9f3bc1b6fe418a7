import type { Config } from "../config/config.ts";
import { type PortOptions, prefixed } from "../config/ports.ts";

/**
 * The projector's "checkpoint moved" notice to query-api processes (Redis pub/sub), so a
 * read-your-writes wait wakes when the read models move instead of polling the checkpoint
 * document. Best effort: a missed notice only delays a waiter to its next slow check.
 */
export interface CheckpointSignal {
  /** The projector: the checkpoint is now `position` (never throws; an outage drops the notice). */
  publish(position: string): void;
  /** query-api: `onMoved` runs for every notice; answers the unsubscribe. */
  subscribe(onMoved: (position: string) => void): () => void;
  close(): Promise<void>;
}

/** The signal on REDIS_URL, or null without Redis (then the projector shares the process, or nobody listens). */
export async function openCheckpointSignal(
  config: Config,
  options: PortOptions,
): Promise<CheckpointSignal | null> {
  if (!config.redisUrl) return null;
  const [{ Redis }, { REQUEST_PATH_REDIS_OPTIONS }] = await Promise.all([
    import("ioredis"),
    import("../redis/requestPath.ts"),
  ]);
  const channel = prefixed(config, options, "projector:checkpoint");
  const pub = new Redis(config.redisUrl, { ...REQUEST_PATH_REDIS_OPTIONS, lazyConnect: true });
  let sub: InstanceType<typeof Redis> | null = null;
  const listeners = new Set<(position: string) => void>();
  const quiet = (what: string) => (err: Error) =>
    options.logger.debug({ err: err.message }, `checkpoint signal ${what}: Redis error`);
  pub.on("error", quiet("publisher"));
  return {
    publish(position) {
      if (pub.status === "wait") pub.connect().catch(() => {});
      pub.publish(channel, position).catch(() => {});
    },
    subscribe(onMoved) {
      if (!sub) {
        const client = new Redis(config.redisUrl as string, {
          retryStrategy: (times) => Math.min(100 * times, 1000),
        });
        client.on("error", quiet("subscriber"));
        client.subscribe(channel).catch(() => {});
        client.on("message", (_channel: string, position: string) => {
          for (const l of listeners) l(position);
        });
        sub = client;
      }
      listeners.add(onMoved);
      return () => listeners.delete(onMoved);
    },
    async close() {
      listeners.clear();
      await Promise.allSettled([pub.quit(), sub?.quit()]);
      pub.disconnect();
      sub?.disconnect();
    },
  };
}
