import { DomainError, Texts } from "@shop/contracts";
import { hashPassword, verifyPassword } from "./passwords.ts";

export interface HashingPoolOptions {
  /** Password hashes computed at once (each takes a libuv thread and 32 MiB). */
  concurrency?: number;
  /** Callers allowed to wait for a slot; one more is refused with 503 at once. */
  maxWaiting?: number;
  /** The Retry-After of that refusal. */
  retryAfterSeconds?: number;
}

/**
 * Password hashing behind a small bounded pool: a burst of logins or signups cannot queue without
 * end (slowing every other customer's login) or exhaust memory; past the bound it answers 503
 * with Retry-After. An unknown e-mail is checked against a dummy hash, so it costs the same time
 * as a known one and the answer's timing does not tell which e-mails have an account.
 */
/**
 * "known": a login from a browser its account signed in on before (a device cookie). It waits in
 * a queue of its own, as long as the other, served first: a flood of unknown logins, which fills
 * the other queue, does not keep a shop's regular customers out.
 */
export type Lane = "known" | "other";

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  /**
   * False for a wrong password, and (after the same work) for a missing hash. `admitted` runs once
   * the check holds a place in the pool, before the work: a login's tries are counted there, so a
   * refusal for a full pool (503) never takes one; should it throw, the check is not done.
   */
  verify(
    password: string,
    encoded: string | null,
    admitted?: () => Promise<void>,
    lane?: Lane,
  ): Promise<boolean>;
}

export function createPasswordHasher(options: HashingPoolOptions = {}): PasswordHasher {
  const concurrency = options.concurrency ?? 2;
  const maxWaiting = options.maxWaiting ?? 8;
  const retryAfterSeconds = options.retryAfterSeconds ?? 1;
  let running = 0;
  const waiting: Record<Lane, (() => void)[]> = { known: [], other: [] };

  const run = async <T>(work: () => Promise<T>, lane: Lane = "other"): Promise<T> => {
    if (running >= concurrency) {
      const queue = waiting[lane];
      if (queue.length >= maxWaiting)
        throw new DomainError("unavailable", Texts.tooManyRequests, { retryAfterSeconds });
      await new Promise<void>((resolve) => queue.push(resolve));
    } else {
      running++;
    }
    try {
      return await work();
    } finally {
      // The slot passes straight to the next waiter, so `running` never drops below the queue.
      const next = waiting.known.shift() ?? waiting.other.shift();
      if (next) next();
      else running--;
    }
  };

  let dummy: Promise<string> | undefined;
  const dummyHash = () => {
    dummy ??= hashPassword(`dummy-${Math.random()}`);
    return dummy;
  };

  return {
    hash: (password) => run(() => hashPassword(password)),
    verify: (password, encoded, admitted, lane) =>
      run(async () => {
        await admitted?.();
        if (encoded !== null) return verifyPassword(password, encoded);
        await verifyPassword(password, await dummyHash());
        return false;
      }, lane),
  };
}
