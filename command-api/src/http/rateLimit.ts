import { Texts, tooMany } from "@shop/contracts";
import type { SecretStore } from "@shop/platform";

/**
 * Fixed-window counter in the secrets store; past `max` the caller gets 429 with Retry-After. The
 * attempt is counted (atomically: INCR in Redis, one SQL statement embedded) before the work it
 * guards, so parallel attempts cannot all slip through before the first one is counted.
 */
export const consume = async (
  secrets: SecretStore,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> => {
  const count = await secrets.incr(`rate:${key}`, windowMs);
  if (count > max) throw tooMany(Texts.tooManyRequests, await retryAfter(secrets, key, windowMs));
};

const retryAfter = async (secrets: SecretStore, key: string, windowMs: number) =>
  Math.ceil(((await secrets.ttl(`rate:${key}`)) ?? windowMs) / 1000);
