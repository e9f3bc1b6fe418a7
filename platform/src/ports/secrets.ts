/**
 * Short-lived secrets (OTP hashes, logout denylist, rate-limit counters): Redis with TTL in
 * production, a SQLite table with expiry embedded (survives a restart). An expired key reads as
 * absent. TTLs are milliseconds.
 */
export interface SetOptions {
  /**
   * "crash": the value may be lost to a power cut (never to a crash of the process), in exchange
   * for no disk flush on the caller's path: for short-lived tallies on every order. Redis treats
   * every write alike (its append-only file is flushed once a second).
   */
  durability?: "crash";
}

export interface SecretStore {
  set(key: string, value: string, ttlMs: number, opts?: SetOptions): Promise<void>;
  get(key: string): Promise<string | null>;
  /** Each key's value, null where absent or expired, in the keys' order: one round trip. */
  getMany(keys: readonly string[]): Promise<(string | null)[]>;
  /**
   * Keeps `value` under `key` without expiry unless the key holds a value already, in one atomic
   * step; answers the value the key holds afterwards (the first caller's, for every caller).
   */
  setIfAbsent(key: string, value: string): Promise<string>;
  delete(key: string): Promise<void>;
  /** Increments a counter, creating it with `ttlMs` when absent; answers the new value. */
  incr(key: string, ttlMs: number): Promise<number>;
  /** Milliseconds until the key expires, or null when absent. */
  ttl(key: string): Promise<number | null>;
  close(): Promise<void>;
}

/** Password hashes, kept out of the event log; an event refers to one by `credentialId`. */
export interface CredentialStore {
  put(credentialId: string, hash: string): Promise<void>;
  get(credentialId: string): Promise<string | null>;
  close(): Promise<void>;
}
