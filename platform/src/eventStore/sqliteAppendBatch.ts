import type { DatabaseSync, SQLOutputValue } from "node:sqlite";
import type { ExpectedRevision } from "../ports/eventStore.ts";
import { immediateTransaction } from "../sqlite/openSqlite.ts";
import { sqliteErrcode } from "../sqlite/storageFault.ts";

/** One append as the writer receives it: serialised already, so nothing in it can fail to store. */
export interface BatchAppend {
  stream: string;
  expected: ExpectedRevision;
  events: { id: string; type: string; data: string; metadata: string }[];
  /** Whether the caller gave every event's id (only then can the append be an idempotent retry). */
  idsGiven: boolean;
}

/** What became of one append: plain data, so it crosses from the writer thread as it is. */
export type BatchOutcome =
  | {
      ok: true;
      nextExpectedRevision: number;
      position: string;
      appended: boolean;
      /** When the events were appended (an idempotent retry appended none and has none). */
      createdAt?: string;
    }
  | { ok: false; wrongExpected: { expected: ExpectedRevision; actual: number | "no_stream" } }
  | { ok: false; message: string; errcode?: number };

/** Why a whole batch failed (BEGIN or COMMIT): nothing of it was written. */
export type BatchResult = { outcomes: BatchOutcome[] } | { failed: string; errcode?: number };

type Row = Record<string, SQLOutputValue>;

const matches = (expected: ExpectedRevision, current: number | null): boolean =>
  expected === "any" ||
  (expected === "no_stream" && current === null) ||
  (expected === "stream_exists" && current !== null) ||
  (typeof expected === "number" && current === expected);

/**
 * Group commit for the SQLite event store: every append of a batch in one `BEGIN IMMEDIATE …
 * COMMIT`, so they share one fsync, each under its own SAVEPOINT, so one that fails its checks
 * (a wrong expected revision) is rolled back alone while the others commit.
 */
export function createBatchAppender(db: DatabaseSync): (batch: BatchAppend[]) => BatchResult {
  const lastRevision = db.prepare("SELECT MAX(revision) AS revision FROM events WHERE stream = ?");
  const insert = db.prepare(
    "INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const byId = db.prepare("SELECT stream, revision, position FROM events WHERE id = ?");
  const head = db.prepare("SELECT MAX(position) AS position FROM events");

  /**
   * EventStoreDB's idempotent re-append: the same event ids retried at the same expected
   * revision succeed and write nothing. Answers the original result, or null if not a retry.
   */
  function previousAppend(append: BatchAppend): BatchOutcome | null {
    if (!append.idsGiven || append.events.length === 0) return null;
    const rows: Row[] = [];
    for (const event of append.events) {
      const row = byId.get(event.id);
      if (row === undefined) return null;
      rows.push(row);
    }
    const first = Number(rows[0]?.revision);
    const consecutive = rows.every((r, i) => r.stream === append.stream && Number(r.revision) === first + i);
    const { expected } = append;
    const sameStart =
      expected === "any" ||
      expected === "stream_exists" ||
      (expected === "no_stream" && first === 0) ||
      expected === first - 1;
    if (!consecutive || !sameStart) return null;
    const last = rows[rows.length - 1]!;
    return {
      ok: true,
      nextExpectedRevision: Number(last.revision),
      position: String(last.position),
      appended: false,
    };
  }

  function appendOne(append: BatchAppend): BatchOutcome {
    const retried = previousAppend(append);
    if (retried) return retried;
    const value = lastRevision.get(append.stream)?.revision;
    const current = value === null || value === undefined ? null : Number(value);
    // An id already in the log, not as an idempotent retry: refused as a conflict (the caller
    // re-reads and decides again), never a second copy of a command's events.
    const duplicate = append.events.some((e) => byId.get(e.id) !== undefined);
    if (duplicate || !matches(append.expected, current)) {
      return { ok: false, wrongExpected: { expected: append.expected, actual: current ?? "no_stream" } };
    }
    let revision = current ?? -1;
    let position = String(head.get()?.position ?? 0);
    const createdAt = new Date().toISOString();
    for (const e of append.events) {
      revision += 1;
      const info = insert.run(e.id, append.stream, revision, e.type, e.data, e.metadata, createdAt);
      position = String(info.lastInsertRowid);
    }
    return {
      ok: true,
      nextExpectedRevision: revision,
      position,
      appended: append.events.length > 0,
      createdAt,
    };
  }

  return (batch) => {
    const outcomes: BatchOutcome[] = [];
    try {
      immediateTransaction(db, () => {
        for (const append of batch) {
          db.exec("SAVEPOINT append");
          let outcome: BatchOutcome;
          try {
            outcome = appendOne(append);
          } catch (error) {
            outcome = {
              ok: false,
              message: error instanceof Error ? error.message : String(error),
              errcode: sqliteErrcode(error),
            };
          }
          db.exec(outcome.ok ? "RELEASE append" : "ROLLBACK TO append");
          if (!outcome.ok) db.exec("RELEASE append");
          outcomes.push(outcome);
        }
      });
    } catch (error) {
      return {
        failed: error instanceof Error ? error.message : String(error),
        errcode: sqliteErrcode(error),
      };
    }
    return { outcomes };
  };
}
