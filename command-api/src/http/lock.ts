import { setTimeout as sleep } from "node:timers/promises";
import { conflict } from "@shop/contracts";
import type { SecretStore } from "@shop/platform";

/**
 * A short lock through the secrets store (Redis in production, so it holds across instances).
 * For work that spans two streams, where the event store's optimistic concurrency cannot guard
 * the pair. A holder that dies frees the lock when its TTL runs out.
 */
export const withLock = async <T>(
  secrets: SecretStore,
  key: string,
  fn: () => Promise<T>,
  { ttlMs = 15_000, waitMs = 5_000 } = {},
): Promise<T> => {
  const lockKey = `lock:${key}`;
  const deadline = Date.now() + waitMs;
  for (let attempt = 0; (await secrets.incr(lockKey, ttlMs)) !== 1; attempt++) {
    if (Date.now() > deadline) throw conflict("Another request is changing this right now; try again");
    await sleep(Math.min(100, 5 * 2 ** attempt));
  }
  try {
    return await fn();
  } finally {
    await secrets.delete(lockKey);
  }
};
