import type { StatementSync } from "node:sqlite";
import type { SecretStore } from "../ports/secrets.ts";
import { immediateTransaction, openSqlite, waitBrieflyForLocks } from "../sqlite/openSqlite.ts";
import { isStorageFault, orStorageUnavailable } from "../sqlite/storageFault.ts";

/** A full disk or an I/O error is an outage (503, `StoreUnavailableError`), not a 500. */
const guarded = <T>(call: () => T): T => orStorageUnavailable("secret store", call);

export interface SqliteSecretStoreOptions {
  /** Usually `DATA_DIR/secrets.db`, shared with the credential store. */
  file: string;
  /** How often expired rows are deleted; reads ignore them either way. */
  purgeEveryMs?: number;
  now?: () => number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS secrets (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS secrets_expires_at ON secrets (expires_at);
`;

/** The expiry of a value kept for good (`setIfAbsent`). */
const NEVER = Number.MAX_SAFE_INTEGER;

function checkTtl(ttlMs: number): number {
  if (!Number.isFinite(ttlMs) || ttlMs <= 0)
    throw new RangeError(`ttlMs must be a positive number, got ${ttlMs}`);
  return Math.ceil(ttlMs);
}

/**
 * The embedded SecretStore: a SQLite table with an expiry column. It outlives a restart, so a
 * revoked session stays revoked and a rate limit is not reset by restarting the process.
 */
export function createSqliteSecretStore(options: SqliteSecretStoreOptions): SecretStore {
  const now = options.now ?? Date.now;
  let closed = false;
  const db = openSqlite(options.file);
  db.exec(SCHEMA);

  const UPSERT =
    "INSERT INTO secrets (key, value, expires_at) VALUES (?, ?, ?) " +
    "ON CONFLICT(key) DO UPDATE SET value = excluded.value, expires_at = excluded.expires_at";
  const upsert = db.prepare(UPSERT);
  const remove = db.prepare("DELETE FROM secrets WHERE key = ?");
  // Counters (rate limits, short locks, the recent-orders tally, and values set with
  // `durability: "crash"`) expire within the hour and are
  // on the path of every order: counted through a second connection that commits without an
  // fsync (a power cut may forget the last counts; a crash does not), so an increment does not
  // hold the event loop for a disk flush. Values, revocations above all, keep the full flush.
  const counters = openSqlite(options.file, { durability: "crash" });
  // One statement, so the read-increment-write cannot interleave with another caller or process.
  const increment = counters.prepare(`
    INSERT INTO secrets (key, value, expires_at) VALUES ($key, '1', $expiresAt)
    ON CONFLICT(key) DO UPDATE SET
      value = CASE WHEN expires_at <= $now THEN '1' ELSE CAST(CAST(value AS INTEGER) + 1 AS TEXT) END,
      expires_at = CASE WHEN expires_at <= $now THEN excluded.expires_at ELSE expires_at END
    RETURNING value`);
  const upsertLight = counters.prepare(UPSERT);
  // Reads go through the connection that writes most (every request's counters): another
  // connection's commit makes a connection drop its page cache and read the pages back at its
  // next read, and every authenticated request reads (its session's revocation).
  const select = counters.prepare("SELECT value, expires_at FROM secrets WHERE key = ? AND expires_at > ?");
  // A value without expiry, through the connection that flushes: an expired row is replaced.
  const insertIfAbsent = db.prepare(`
    INSERT INTO secrets (key, value, expires_at) VALUES ($key, $value, $never)
    ON CONFLICT(key) DO UPDATE SET
      value = CASE WHEN expires_at <= $now THEN excluded.value ELSE value END,
      expires_at = CASE WHEN expires_at <= $now THEN excluded.expires_at ELSE expires_at END
    RETURNING value`);
  const purge = db.prepare("DELETE FROM secrets WHERE expires_at <= ?");
  // One statement per number of keys read together (every session check reads two): one step
  // through SQLite instead of a statement run per key.
  const selectsOfMany = new Map<number, StatementSync>();
  const selectMany = (count: number): StatementSync => {
    let statement = selectsOfMany.get(count);
    if (!statement) {
      const marks = Array.from({ length: count }, () => "?").join(", ");
      statement = counters.prepare(
        `SELECT key, value FROM secrets WHERE key IN (${marks}) AND expires_at > ?`,
      );
      selectsOfMany.set(count, statement);
    }
    return statement;
  };

  /**
   * The counter writes asked for in one turn of the event loop: the first is made at once, as a
   * transaction of its own; those asked for after it in the same turn are made together at the
   * turn's end, in one transaction. Under load the requests of a turn then share one WAL append
   * and one round of locks instead of a transaction each (three per placed order, RESULTS.md,
   * eleventh session); a request alone waits for nothing. Each caller gets its own answer, in the
   * order asked.
   */
  let turnOpen = false;
  let rest: { write: () => unknown; resolve: (value: unknown) => void; reject: (error: unknown) => void }[] =
    [];
  const writeRest = () => {
    turnOpen = false;
    const writes = rest;
    rest = [];
    if (writes.length === 0) return;
    let answers: unknown[];
    try {
      answers = guarded(() =>
        writes.length === 1
          ? [writes[0]!.write()]
          : immediateTransaction(counters, () => writes.map((w) => w.write())),
      );
    } catch (error) {
      // Nothing of these was written (the transaction rolled back): every caller hears why.
      for (const w of writes) w.reject(error);
      return;
    }
    for (const [i, w] of writes.entries()) w.resolve(answers[i]);
  };
  const counterWrite = async <T>(write: () => T): Promise<T> => {
    if (closed) throw new Error("secret store is closed");
    if (turnOpen) {
      return new Promise<T>((resolve, reject) => {
        rest.push({ write, resolve: resolve as (value: unknown) => void, reject });
      });
    }
    turnOpen = true;
    setImmediate(writeRest);
    return guarded(write);
  };

  purge.run(now());
  // From here on the event loop writes through both: a lock held elsewhere is an outage, not a wait.
  waitBrieflyForLocks(db);
  waitBrieflyForLocks(counters);
  const timer = setInterval(() => {
    try {
      purge.run(now());
    } catch (err) {
      // A full disk or an I/O error on a timer must not end the process: reads ignore expired rows
      // anyway, and the next purge tries again. Anything else is a bug.
      if (!isStorageFault(err)) throw err;
    }
  }, options.purgeEveryMs ?? 60_000);
  timer.unref();

  return {
    async set(key, value, ttlMs, opts) {
      const expiresAt = now() + checkTtl(ttlMs);
      if (opts?.durability === "crash") await counterWrite(() => upsertLight.run(key, value, expiresAt));
      else guarded(() => upsert.run(key, value, expiresAt));
    },
    async get(key) {
      const row = guarded(() => select.get(key, now()));
      return row ? String(row.value) : null;
    },
    async getMany(keys) {
      if (keys.length === 0) return [];
      const rows = guarded(() => selectMany(keys.length).all(...keys, now()));
      const values = new Map(rows.map((row) => [String(row.key), String(row.value)]));
      return keys.map((key) => values.get(key) ?? null);
    },
    async setIfAbsent(key, value) {
      // `all`, not `get`, as in `incr`: a failed commit must throw, not answer a value never kept.
      const rows = guarded(() => insertIfAbsent.all({ key, value, never: NEVER, now: now() }));
      return String(rows[0]?.value);
    },
    async delete(key) {
      guarded(() => remove.run(key));
    },
    async incr(key, ttlMs) {
      const at = now();
      const expiresAt = at + checkTtl(ttlMs);
      // `all`, not `get`: `get` stops at the RETURNING row and node:sqlite drops the error of the
      // commit that follows, so on a full disk the count was answered and never written.
      return counterWrite(() => Number(increment.all({ key, expiresAt, now: at })[0]?.value));
    },
    async ttl(key) {
      const at = now();
      const row = guarded(() => select.get(key, at));
      if (!row) return null;
      return Number(row.expires_at) >= NEVER ? Number.POSITIVE_INFINITY : Number(row.expires_at) - at;
    },
    async close() {
      if (closed) return;
      closed = true;
      clearInterval(timer);
      // The writes already asked for are made, not dropped.
      writeRest();
      counters.close();
      db.close();
    },
  };
}
