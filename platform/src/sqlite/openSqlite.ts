import { chmodSync, closeSync, existsSync, mkdirSync, openSync, statfsSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * Opens a SQLite file for the embedded adapters. WAL lets readers (a subscription, another
 * process) run beside the single writer; synchronous=FULL fsyncs the WAL on every commit, so an
 * answered command survives a power loss, not only a process crash (NORMAL would only promise
 * the latter). busy_timeout makes a second process wait for the write lock instead of failing:
 * 5 s, and on a connection the event loop writes through only while it opens (`waitBrieflyForLocks`).
 * The file is the owner's alone (0600; SQLite gives its -wal and -shm the same mode), in a
 * folder made 0700 when this creates it: events, password hashes and sessions are not for
 * other users of the machine.
 */
/** How long a connection waits for another's write lock, unless shortened (`waitBrieflyForLocks`). */
export const BUSY_TIMEOUT_MS = 5000;

export function openSqlite(
  file: string,
  opts: {
    /**
     * "power-loss" (the default): synchronous=FULL, as above. "crash": synchronous=NORMAL, a commit
     * reaches the WAL without an fsync, so it survives the process dying but a power cut may take
     * the last moments back; for what is cheap to lose (counters that expire, a subscriber's
     * checkpoint whose redone work is idempotent) and must not hold the event loop in an fsync.
     */
    durability?: "power-loss" | "crash";
  } = {},
): DatabaseSync {
  try {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    createOwnersFile(file);
    chmodSync(file, 0o600);
    const db = new DatabaseSync(file);
    try {
      db.exec("PRAGMA journal_mode = WAL");
      db.exec(`PRAGMA synchronous = ${opts.durability === "crash" ? "NORMAL" : "FULL"}`);
      db.exec(`PRAGMA busy_timeout = ${BUSY_TIMEOUT_MS}`);
    } catch (error) {
      db.close();
      throw error;
    }
    return db;
  } catch (error) {
    throw new Error(`cannot open ${file}: ${(error as Error).message}${diskState(dirname(file))}`, {
      cause: error,
    });
  }
}

/**
 * The lock wait of a connection written through on the event loop (the secret and credential
 * stores, a subscriber's checkpoint): SQLite's busy wait is a sleep of the calling thread, so while
 * another process held `secrets.db`'s write lock (the `sqlite3` tool left in a transaction) each
 * sign-up held every request of the shop for the 5 s default, one after another. Long enough for
 * another process's short write (`npm run create-user`) to end; past it the write fails
 * SQLITE_BUSY, a storage fault: 503 with Retry-After.
 */
export const EVENT_LOOP_BUSY_TIMEOUT_MS = 100;

/**
 * Shortens `db`'s lock wait to `EVENT_LOOP_BUSY_TIMEOUT_MS`, for a store the event loop writes
 * through; called once its schema is in place, so a start still waits out a short lock.
 */
export const waitBrieflyForLocks = (db: DatabaseSync): void => {
  db.exec(`PRAGMA busy_timeout = ${EVENT_LOOP_BUSY_TIMEOUT_MS}`);
};

/**
 * Creates the file, its owner's alone, when it is not there yet; an existing one is never opened
 * here. POSIX locks are the process's, not a descriptor's: closing any descriptor of the file
 * drops every lock the process holds on it, the read lock of a connection already open to it
 * among them (the secrets' second connection, the writer thread's). Without that lock another
 * process (the `sqlite3` tool, a backup, `npm run create-user`) took itself for the last
 * connection when it closed, checkpointed and deleted the WAL the shop was writing to.
 */
function createOwnersFile(file: string): void {
  if (existsSync(file)) return;
  try {
    closeSync(openSync(file, "wx", 0o600));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
  }
}

/** What an operator needs to know when a database cannot be opened: is the disk full? */
function diskState(dir: string): string {
  try {
    const { bavail, bsize } = statfsSync(dir);
    const free = bavail * bsize;
    return free < 1024 * 1024
      ? ` (the disk under ${dir} is full: ${free} bytes free; make room and start again)`
      : ` (${Math.floor(free / 1024 / 1024)} MiB free under ${dir})`;
  } catch {
    return "";
  }
}

/** Runs `work` inside BEGIN IMMEDIATE … COMMIT, so the write lock is taken before any read. */
export function immediateTransaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    if (db.isTransaction) db.exec("ROLLBACK");
    throw error;
  }
}
