import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { dirname } from "node:path";
import { DatabaseSync } from "node:sqlite";

/**
 * How long a commit lasts: `power-loss` (synchronous=FULL, the default) fsyncs the WAL on every
 * commit, so an answered command survives a power loss; `crash` (synchronous=NORMAL) survives a
 * crash of the process, not of the machine, and costs no fsync per commit (the WAL is synced at
 * checkpoints). `crash` is for short-lived state whose production home, Redis with
 * `appendonly yes` (fsync every second), may also lose its last writes on a power loss: rate-limit
 * counters, OTPs, idempotency answers, locks, sessions' revocations.
 */
export type Durability = "power-loss" | "crash";

/**
 * Opens a SQLite file for the embedded adapters. WAL lets readers (a subscription, another
 * process) run beside the single writer; see `Durability` for what a commit promises. busy_timeout makes a second process wait for the write lock instead of failing.
 * The file is the owner's alone (0600; SQLite gives its -wal and -shm the same mode), in a
 * folder made 0700 when this creates it: events, password hashes and sessions are not for
 * other users of the machine.
 */
export function openSqlite(file: string, durability: Durability = "power-loss"): DatabaseSync {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  closeSync(openSync(file, "a", 0o600));
  chmodSync(file, 0o600);
  const db = new DatabaseSync(file);
  db.exec("PRAGMA journal_mode = WAL");
  db.exec(`PRAGMA synchronous = ${durability === "crash" ? "NORMAL" : "FULL"}`);
  db.exec("PRAGMA busy_timeout = 5000");
  return db;
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
