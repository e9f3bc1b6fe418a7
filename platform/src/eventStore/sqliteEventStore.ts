import { randomUUID } from "node:crypto";
import type { SQLOutputValue } from "node:sqlite";
import type { EventMetadata } from "@shop/contracts";
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  RecordedEvent,
  SubscribeOptions,
} from "../ports/eventStore.ts";
import { StoreUnavailableError, WrongExpectedVersionError } from "../ports/eventStore.ts";
import { immediateTransaction, openSqlite } from "../sqlite/openSqlite.ts";
import { createWakeSignal } from "./wakeSignal.ts";

export interface SqliteEventStoreOptions {
  file: string;
  /** Rows read per query while catching up. */
  pageSize?: number;
  /** How often a caught-up subscription looks for appends made by another process. */
  pollMs?: number;
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS events (
  position INTEGER PRIMARY KEY AUTOINCREMENT,
  id TEXT NOT NULL UNIQUE,
  stream TEXT NOT NULL,
  revision INTEGER NOT NULL,
  type TEXT NOT NULL,
  data TEXT NOT NULL,
  metadata TEXT NOT NULL,
  created_at TEXT NOT NULL
);
CREATE UNIQUE INDEX IF NOT EXISTS events_stream_revision ON events (stream, revision);
`;

type Row = Record<string, SQLOutputValue>;

function toRecorded(row: Row): RecordedEvent {
  return {
    id: String(row.id),
    streamName: String(row.stream),
    type: String(row.type),
    revision: Number(row.revision),
    position: String(row.position),
    data: JSON.parse(String(row.data)),
    metadata: JSON.parse(String(row.metadata)) as EventMetadata,
    createdAt: String(row.created_at),
  };
}

function checkExpected(stream: string, expected: ExpectedRevision, current: number | null): void {
  const actual = current ?? "no_stream";
  const ok =
    expected === "any" ||
    (expected === "no_stream" && current === null) ||
    (expected === "stream_exists" && current !== null) ||
    (typeof expected === "number" && current === expected);
  if (!ok) throw new WrongExpectedVersionError(stream, expected, actual);
}

/**
 * The embedded event store: one SQLite table whose rowid is the global position. Appends by
 * this process wake its subscriptions at once; appends by another process are seen by polling.
 */
export function createSqliteEventStore(options: SqliteEventStoreOptions): EventStore {
  const pageSize = options.pageSize ?? 500;
  const pollMs = options.pollMs ?? 250;
  const db = openSqlite(options.file);
  db.exec(SCHEMA);
  const wake = createWakeSignal();
  let closed = false;

  const lastRevision = db.prepare("SELECT MAX(revision) AS revision FROM events WHERE stream = ?");
  const insert = db.prepare(
    "INSERT INTO events (id, stream, revision, type, data, metadata, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
  );
  const byId = db.prepare("SELECT stream, revision, position FROM events WHERE id = ?");
  const readFrom = db.prepare("SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision");
  const page = db.prepare("SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?");
  const head = db.prepare("SELECT MAX(position) AS position FROM events");

  function ensureOpen(): void {
    if (closed) throw new StoreUnavailableError("event store is closed");
  }

  /**
   * EventStoreDB's idempotent re-append: the same event ids retried at the same expected
   * revision succeed and write nothing. Answers the original result, or null if not a retry.
   */
  function previousAppend(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): AppendResult | null {
    const rows: Row[] = [];
    for (const event of events) {
      const row = event.id === undefined ? undefined : byId.get(event.id);
      if (row === undefined) return null;
      rows.push(row);
    }
    const first = Number(rows[0]?.revision);
    const consecutive = rows.every((r, i) => r.stream === stream && Number(r.revision) === first + i);
    const sameStart =
      expected === "any" ||
      expected === "stream_exists" ||
      (expected === "no_stream" && first === 0) ||
      expected === first - 1;
    if (!consecutive || !sameStart) return null;
    const last = rows[rows.length - 1]!;
    return { nextExpectedRevision: Number(last.revision), position: String(last.position) };
  }

  interface Prepared {
    id: string;
    type: string;
    data: string;
    metadata: string;
  }

  /** One append's checks and inserts, inside the batch's transaction. */
  function appendInTransaction(
    stream: string,
    events: NewEvent[],
    prepared: Prepared[],
    expected: ExpectedRevision,
  ): AppendResult & { appended: boolean } {
    if (events.length > 0) {
      const retried = previousAppend(stream, events, expected);
      if (retried) return { ...retried, appended: false };
    }
    const value = lastRevision.get(stream)?.revision;
    const current = value === null || value === undefined ? null : Number(value);
    checkExpected(stream, expected, current);
    let revision = current ?? -1;
    let position = String(head.get()?.position ?? 0);
    const createdAt = new Date().toISOString();
    for (const e of prepared) {
      revision += 1;
      const info = insert.run(e.id, stream, revision, e.type, e.data, e.metadata, createdAt);
      position = String(info.lastInsertRowid);
    }
    return { nextExpectedRevision: revision, position, appended: prepared.length > 0 };
  }

  interface PendingAppend {
    stream: string;
    events: NewEvent[];
    prepared: Prepared[];
    expected: ExpectedRevision;
    resolve(result: AppendResult): void;
    reject(error: unknown): void;
  }

  /**
   * Group commit: the appends that arrive while the event loop handles one round of I/O are
   * committed together in one transaction, so concurrent commands share one fsync instead of
   * paying one each (synchronous=FULL makes the fsync most of an append's cost). Each append keeps
   * its own checks under a savepoint: one that fails (a wrong expected revision) is rolled back
   * alone and the others commit. Nobody hears of an append before the COMMIT that makes it durable.
   */
  let pending: PendingAppend[] = [];
  let flushScheduled = false;

  function flush(): void {
    flushScheduled = false;
    const batch = pending;
    pending = [];
    if (batch.length === 0) return;
    if (!db.isOpen) {
      for (const p of batch) p.reject(new StoreUnavailableError("event store is closed"));
      return;
    }
    const outcomes: (
      | { ok: true; value: AppendResult & { appended: boolean } }
      | { ok: false; error: unknown }
    )[] = [];
    try {
      immediateTransaction(db, () => {
        for (const p of batch) {
          db.exec("SAVEPOINT append");
          try {
            outcomes.push({
              ok: true,
              value: appendInTransaction(p.stream, p.events, p.prepared, p.expected),
            });
            db.exec("RELEASE append");
          } catch (error) {
            db.exec("ROLLBACK TO append");
            db.exec("RELEASE append");
            outcomes.push({ ok: false, error });
          }
        }
      });
    } catch (error) {
      // The transaction itself failed (BEGIN or COMMIT): nothing of the batch was written.
      for (const p of batch) p.reject(error);
      return;
    }
    if (outcomes.some((o) => o.ok && o.value.appended)) wake.fire();
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve({ nextExpectedRevision: o.value.nextExpectedRevision, position: o.value.position });
      else p.reject(o.error);
    });
  }

  function append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Serialise first: a payload that cannot be stored must fail before anything is written.
    const prepared = events.map((e) => ({
      id: e.id ?? randomUUID(),
      type: e.type,
      data: JSON.stringify(e.data ?? null),
      metadata: JSON.stringify(e.metadata),
    }));
    return new Promise<AppendResult>((resolve, reject) => {
      pending.push({ stream, events, prepared, expected, resolve, reject });
      if (!flushScheduled) {
        flushScheduled = true;
        setImmediate(flush);
      }
    });
  }

  async function* subscribe(opts: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    const signal = opts.signal;
    let after = BigInt(opts.fromPosition ?? "0");
    while (!closed && !signal?.aborted) {
      const seen = wake.version;
      const rows = page.all(after, pageSize);
      for (const row of rows) {
        if (closed || signal?.aborted) return;
        const event = toRecorded(row);
        after = BigInt(event.position);
        yield event;
      }
      if (rows.length < pageSize) await wake.wait(seen, pollMs, signal);
    }
  }

  return {
    async appendToStream(stream, events, opts) {
      ensureOpen();
      return append(stream, events, opts.expectedRevision);
    },
    async readStream(stream, opts) {
      ensureOpen();
      return readFrom.all(stream, opts?.fromRevision ?? 0).map(toRecorded);
    },
    subscribeToAll(opts = {}) {
      ensureOpen();
      return subscribe(opts);
    },
    async headPosition() {
      ensureOpen();
      return String(head.get()?.position ?? 0);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Appends already accepted are committed, not dropped.
      flush();
      wake.fire();
      db.close();
    },
  };
}
