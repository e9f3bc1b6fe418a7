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

/**
 * For limits that count failures only (counted by `countFailure` once the work has failed): 429
 * with Retry-After when `max` failures are already counted in the window; counts nothing itself.
 */
export const refuseOverFailures = async (secrets: SecretStore, key: string, max: number): Promise<void> => {
  const count = Number((await secrets.get(`rate:${key}`)) ?? 0);
  if (count >= max) throw tooMany(Texts.tooManyRequests, await retryAfter(secrets, key, 0));
};

export const countFailure = (secrets: SecretStore, key: string, windowMs: number): Promise<number> =>
  secrets.incr(`rate:${key}`, windowMs);
