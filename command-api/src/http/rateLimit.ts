import { Texts, tooMany } from "@shop/contracts";
import type { SecretStore } from "@shop/platform";

/** Fixed-window counter in the secrets store; past `max` the caller gets 429 with Retry-After. */
export const consume = async (
  secrets: SecretStore,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> => {
  const count = await secrets.incr(`rate:${key}`, windowMs);
  if (count > max) throw tooMany(Texts.tooManyRequests, await retryAfter(secrets, key, windowMs));
};

/** Refuses when the counter is already past `max`, without counting (failed logins count apart). */
export const ensureBelow = async (
  secrets: SecretStore,
  key: string,
  max: number,
  windowMs: number,
): Promise<void> => {
  const value = await secrets.get(`rate:${key}`);
  if (value !== null && Number(value) >= max)
    throw tooMany(Texts.tooManyRequests, await retryAfter(secrets, key, windowMs));
};

export const countFailure = (secrets: SecretStore, key: string, windowMs: number) =>
  secrets.incr(`rate:${key}`, windowMs);

const retryAfter = async (secrets: SecretStore, key: string, windowMs: number) =>
  Math.ceil(((await secrets.ttl(`rate:${key}`)) ?? windowMs) / 1000);
