import type { Config } from "../config/config.ts";
import { type PortOptions, prefixed } from "../config/ports.ts";
import type { Leadership } from "./redisLock.ts";

/**
 * Waits until this process leads (a Redis lock), so only one instance runs a singleton such as
 * the projector. Without REDIS_URL there is no one to share with: null, and the caller leads.
 */
export async function acquireLeadershipFor(
  config: Config,
  options: PortOptions & { name: string; ttlMs?: number; signal?: AbortSignal },
): Promise<Leadership | null> {
  if (!config.redisUrl) return null;
  const { acquireLeadership } = await import("./redisLock.ts");
  return acquireLeadership({
    url: config.redisUrl,
    key: prefixed(config, options, `${options.name}:leader`),
    ttlMs: options.ttlMs ?? 10_000,
    ...(options.signal && { signal: options.signal }),
    onError: (err) => options.logger.warn({ err }, "leadership lock: Redis error"),
  });
}
