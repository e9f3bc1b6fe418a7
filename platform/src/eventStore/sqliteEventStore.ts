import { randomUUID } from "node:crypto";
import type { SQLOutputValue, StatementSync } from "node:sqlite";
import { setTimeout as sleep } from "node:timers/promises";
import type { EventMetadata } from "@shop/contracts";
import { startThread } from "../ops/startThread.ts";
import type {
  AppendResult,
  EventStore,
  ExpectedRevision,
  NewEvent,
  ReadPagesOptions,
  RecordedEvent,
  ReplayedEvent,
  SubscribeOptions,
} from "../ports/eventStore.ts";
import { StoreUnavailableError, WrongExpectedVersionError } from "../ports/eventStore.ts";
import { openSqlite } from "../sqlite/openSqlite.ts";
import { isLockTimeoutCode, storageError } from "../sqlite/storageFault.ts";
import { createCommittedTail, type TailEvent } from "./committedTail.ts";
import type { BatchAppend, BatchResult } from "./sqliteAppendBatch.ts";
import type { PageReaderData, PageReaderMessage, PageReaderRequest } from "./sqlitePageReaderThread.ts";
import { parseStored } from "./storedJson.ts";
import { createWakeSignal } from "./wakeSignal.ts";
import { createWriterThreadClient } from "./writerThreadClient.ts";

export interface SqliteEventStoreOptions {
  file: string;
  /** Rows read per query while catching up. */
  pageSize?: number;
  /** How often a caught-up subscription looks for appends made by another process. */
  pollMs?: number;
  /**
   * A replay (`readPages` with a decoder) of at least this many events is read in a reader thread
   * (default 50,000: the thread's start, some 0.5 s before its first page, costs a shorter replay
   * more than it saves).
   */
  replayThreadFrom?: number;
  /**
   * Positions a subscription with `eventTypes` scans per query (default 4,096): the scan of a long
   * stretch of other types is split into queries of a fraction of a millisecond, with the event
   * loop turning between them.
   */
  typeScanWindow?: number;
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

/**
 * A reader thread's pages: smaller than the 5,000 read on this thread, so a page's events die
 * young rather than outlive a minor GC while it is projected (peak RSS of a 0.4 M-event rebuild
 * ~1,010 → ~860 MiB); up to eight ahead, asked for four at a time (a message to the thread costs
 * the consumer some 0.4 ms), so a busy machine rarely lets the consumer wait for one.
 */
const THREAD_PAGE = 1000;
const THREAD_ASK = 4;

function toRecorded(row: Row): RecordedEvent {
  return {
    id: String(row.id),
    streamName: String(row.stream),
    type: String(row.type),
    revision: Number(row.revision),
    position: String(row.position),
    data: parseStored(String(row.data), "data", row.position, row.id),
    metadata: parseStored(String(row.metadata), "metadata", row.position, row.id) as EventMetadata,
    createdAt: String(row.created_at),
  };
}

function fromTail(position: number, e: TailEvent): RecordedEvent {
  return {
    id: e.id,
    streamName: e.stream,
    type: e.type,
    revision: e.revision,
    position: String(position),
    data: parseStored(e.data, "data", position, e.id),
    metadata: parseStored(e.metadata, "metadata", position, e.id) as EventMetadata,
    createdAt: e.createdAt,
  };
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
  const tail = createCommittedTail();
  let closed = false;

  const readFrom = db.prepare("SELECT * FROM events WHERE stream = ? AND revision >= ? ORDER BY revision");
  const page = db.prepare("SELECT * FROM events WHERE position > ? ORDER BY position LIMIT ?");
  const head = db.prepare("SELECT MAX(position) AS position FROM events");
  // A replay's pages, as arrays (no object with named fields per row): a fifth less CPU per event.
  const bulkPage = db.prepare(
    "SELECT position, id, stream, revision, type, data, metadata, created_at FROM events " +
      "WHERE position > ? AND position <= ? ORDER BY position LIMIT ?",
  );
  bulkPage.setReturnArrays(true);

  function ensureOpen(): void {
    if (closed) throw new StoreUnavailableError("event store is closed");
  }

  /**
   * Group commit on the writer thread: the appends that arrive while one batch commits are sent
   * together as the next batch, in one transaction (sqliteAppendBatch.ts), so concurrent commands
   * share one fsync, and that fsync never blocks this event loop. Nobody hears of an append
   * before the COMMIT that makes it durable; appends are answered in the order they were made.
   */
  const writer = createWriterThreadClient({ file: options.file });

  interface PendingAppend {
    append: BatchAppend;
    resolve(result: AppendResult): void;
    reject(error: unknown): void;
  }
  let pending: PendingAppend[] = [];
  let flushScheduled = false;
  let inFlight: Promise<void> | undefined;

  function scheduleFlush(): void {
    if (flushScheduled || inFlight) return;
    flushScheduled = true;
    // One turn of the event loop gathers the appends of the requests it handled.
    setImmediate(flush);
  }

  function flush(): void {
    flushScheduled = false;
    if (inFlight || pending.length === 0) return;
    const batch = pending;
    pending = [];
    inFlight = commit(batch).finally(() => {
      inFlight = undefined;
      flush();
    });
  }

  async function commit(batch: PendingAppend[]): Promise<void> {
    let result: BatchResult;
    try {
      result = await writer.run(batch.map((p) => p.append));
    } catch (error) {
      // The writer thread itself failed: whether the batch was committed is unknown.
      const unavailable = new StoreUnavailableError(`event store writer failed: ${String(error)}`);
      for (const p of batch) p.reject(unavailable);
      return;
    }
    if ("failed" in result) {
      // BEGIN or COMMIT failed: nothing of the batch was written. A full disk, an I/O error or a
      // lock is an outage the caller may retry (503); anything else is a bug.
      const error = storageError(`event store commit failed: ${result.failed}`, result.errcode, {
        nothingWritten: true,
      });
      for (const p of batch) p.reject(error);
      // Another process held the write lock for the whole busy timeout: the appends that came
      // meanwhile have waited on it too and are refused with the batch, not sent to wait out a
      // timeout of their own after it (each command answered only after every wait before it).
      if (isLockTimeoutCode(result.errcode)) {
        const waited = pending;
        pending = [];
        for (const p of waited) p.reject(error);
      }
      return;
    }
    const { outcomes } = result;
    let appended = false;
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (!o.ok || !o.appended) return;
      appended = true;
      // An append's events have consecutive positions and revisions (one transaction, one writer).
      const n = p.append.events.length;
      const createdAt = o.createdAt ?? new Date().toISOString();
      tail.add(
        Number(o.position) - n + 1,
        p.append.events.map((e, k) => ({
          ...e,
          stream: p.append.stream,
          revision: o.nextExpectedRevision - n + 1 + k,
          createdAt,
        })),
      );
    });
    if (appended) wake.fire();
    batch.forEach((p, i) => {
      const o = outcomes[i]!;
      if (o.ok) p.resolve({ nextExpectedRevision: o.nextExpectedRevision, position: o.position });
      else if ("wrongExpected" in o) {
        p.reject(
          new WrongExpectedVersionError(p.append.stream, o.wrongExpected.expected, o.wrongExpected.actual),
        );
      } else p.reject(storageError(o.message, o.errcode, { nothingWritten: true }));
    });
  }

  /** Commits what was accepted, then stops the writer thread. */
  async function drain(): Promise<void> {
    while (inFlight || pending.length > 0) {
      flush();
      await inFlight;
    }
    await writer.close();
  }

  function append(stream: string, events: NewEvent[], expected: ExpectedRevision): Promise<AppendResult> {
    // Serialise first: a payload that cannot be stored must fail before anything is written.
    const append: BatchAppend = {
      stream,
      expected,
      idsGiven: events.every((e) => e.id !== undefined),
      events: events.map((e) => ({
        id: e.id ?? randomUUID(),
        type: e.type,
        data: JSON.stringify(e.data ?? null),
        metadata: JSON.stringify(e.metadata),
      })),
    };
    return new Promise<AppendResult>((resolve, reject) => {
      pending.push({ append, resolve, reject });
      scheduleFlush();
    });
  }

  /**
   * Waits for this process's next append (or the poll period), then, for a reader that may hear
   * late, `lagMs` more: the appends of that span are then read together.
   */
  async function nextAppends(seen: number, lagMs: number, signal?: AbortSignal): Promise<void> {
    await wake.wait(seen, pollMs, signal);
    if (lagMs > 0 && wake.version !== seen) await sleep(lagMs, undefined, { signal }).catch(() => {});
  }

  /**
   * A subscription's next events from the committed tail, when it holds the one after `after`:
   * yields those of `wanted`'s types (every type when null), each parsed for this reader, and
   * answers the position passed last and whether the tail may hold more than `limit`; undefined
   * when the log must be read instead, "stopped" when the store closed or the reader aborted.
   */
  function* takeCommitted(
    after: number,
    limit: number,
    wanted: ReadonlySet<string> | null,
    signal?: AbortSignal,
  ): Generator<RecordedEvent, { at: bigint; more: boolean } | "stopped" | undefined> {
    const recent = tail.read(after, limit);
    if (!recent) return undefined;
    let at = after;
    for (const { position, event } of recent) {
      if (closed || signal?.aborted) return "stopped";
      at = position;
      if (!wanted || wanted.has(event.type)) yield fromTail(position, event);
    }
    return { at: BigInt(at), more: recent.length === limit };
  }

  /** `SELECT … WHERE type IN (…)` statements, one per number of types asked for. */
  const typedPages = new Map<number, StatementSync>();
  const typedPage = (types: number) => {
    let stmt = typedPages.get(types);
    if (!stmt) {
      stmt = db.prepare(
        "SELECT * FROM events WHERE position > ? AND position <= ? " +
          `AND type IN (${Array(types).fill("?").join(", ")}) ORDER BY position LIMIT ?`,
      );
      typedPages.set(types, stmt);
    }
    return stmt;
  };
  const typeScanWindow = BigInt(options.typeScanWindow ?? 4096);

  /**
   * A subscription to some types only: the rows of other types are passed over inside SQLite (no
   * JSON parsed, nothing handed to the reader), a window of positions per query, so a reader of
   * rare events (status mails) costs little per append and catches up on a long log in steps.
   */
  async function* subscribeTyped(
    opts: SubscribeOptions,
    types: readonly string[],
  ): AsyncGenerator<RecordedEvent> {
    const signal = opts.signal;
    const lagMs = opts.lagMs ?? 0;
    const stmt = typedPage(types.length);
    const wanted = new Set(types);
    const window = Number(typeScanWindow);
    let after = BigInt(opts.fromPosition ?? "0");
    const reader = tail.register(Number(after));
    try {
      while (!closed && !signal?.aborted) {
        const seen = wake.version;
        reader.at = Number(after);
        // This process's own appends, as committed: the other types are passed over here.
        const taken = yield* takeCommitted(reader.at, window, wanted, signal);
        if (taken === "stopped") return;
        if (taken) {
          after = taken.at;
          if (!taken.more) await nextAppends(seen, lagMs, signal);
          continue;
        }
        const last = BigInt((head.get()?.position as number | bigint | null) ?? 0);
        const to = after + typeScanWindow < last ? after + typeScanWindow : last;
        const rows = after < to ? stmt.all(after, to, ...types, pageSize) : [];
        for (const row of rows) {
          if (closed || signal?.aborted) return;
          const event = toRecorded(row);
          after = BigInt(event.position);
          yield event;
        }
        // A full page may leave more of the window; otherwise the window is read to its end (never
        // back: a reader may start beyond the log's end, and then hears only what comes after it).
        if (rows.length < pageSize && to > after) after = to;
        if (after >= last) {
          await nextAppends(seen, lagMs, signal);
        } else if (rows.length === 0) {
          // A window of other types only: let the loop turn before the next one.
          await new Promise<void>((resolve) => setImmediate(resolve));
        }
      }
    } finally {
      tail.unregister(reader);
    }
  }

  async function* subscribe(opts: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    if (opts.eventTypes && opts.eventTypes.length > 0) {
      yield* subscribeTyped(opts, opts.eventTypes);
      return;
    }
    const signal = opts.signal;
    const lagMs = opts.lagMs ?? 0;
    let after = BigInt(opts.fromPosition ?? "0");
    const reader = tail.register(Number(after));
    try {
      while (!closed && !signal?.aborted) {
        const seen = wake.version;
        reader.at = Number(after);
        const taken = yield* takeCommitted(reader.at, pageSize, null, signal);
        if (taken === "stopped") return;
        if (taken) {
          after = taken.at;
          if (!taken.more) await nextAppends(seen, lagMs, signal);
          continue;
        }
        const rows = page.all(after, pageSize);
        for (const row of rows) {
          if (closed || signal?.aborted) return;
          const event = toRecorded(row);
          after = BigInt(event.position);
          yield event;
        }
        if (rows.length < pageSize) {
          await nextAppends(seen, lagMs, signal);
        }
      }
    } finally {
      tail.unregister(reader);
    }
  }

  async function* readPages(opts: ReadPagesOptions): AsyncGenerator<RecordedEvent[]> {
    const size = opts.pageSize ?? 5000;
    const to = BigInt(opts.toPosition);
    let after = BigInt(opts.fromPosition ?? "0");
    while (after < to) {
      ensureOpen();
      const rows = bulkPage.all(after, to, size) as unknown as SQLOutputValue[][];
      if (rows.length === 0) return;
      const page: RecordedEvent[] = new Array(rows.length);
      for (let i = 0; i < rows.length; i++) {
        const r = rows[i]!;
        page[i] = {
          id: String(r[1]),
          streamName: String(r[2]),
          type: String(r[4]),
          revision: Number(r[3]),
          position: String(r[0]),
          data: parseStored(String(r[5]), "data", r[0], r[1]),
          metadata: parseStored(String(r[6]), "metadata", r[0], r[1]) as EventMetadata,
          createdAt: String(r[7]),
        };
      }
      after = BigInt(rows[rows.length - 1]![0] as number | bigint);
      yield page;
    }
  }

  /**
   * `readPages` with a decoder: a reader thread (sqlitePageReaderThread.ts) reads, parses and
   * decodes the pages, a few ahead of the consumer, and hands each over as one JSON text.
   */
  async function* readPagesInThread<K extends keyof EventMetadata>(
    opts: ReadPagesOptions<K> & { decoder: string },
  ): AsyncGenerator<ReplayedEvent<K>[]> {
    const reader = startThread(new URL("./sqlitePageReaderThread.ts", import.meta.url), {
      workerData: {
        file: options.file,
        from: opts.fromPosition ?? "0",
        to: opts.toPosition,
        pageSize: opts.pageSize ?? THREAD_PAGE,
        decoder: opts.decoder,
        ...(opts.only && { metadata: opts.only.metadata }),
      } satisfies PageReaderData,
    });
    const arrived: PageReaderMessage[] = [];
    let failed: Error | undefined;
    let wakeUp: (() => void) | undefined;
    const woken = () => {
      wakeUp?.();
      wakeUp = undefined;
    };
    reader.on("message", (m: PageReaderMessage) => {
      arrived.push(m);
      woken();
    });
    reader.on("error", (error) => {
      failed = error;
      woken();
    });
    reader.on("exit", (code) => {
      failed ??= new Error(`the event log's reader thread stopped (exit code ${code})`);
      woken();
    });
    const ask = () => reader.postMessage(THREAD_ASK satisfies PageReaderRequest);
    let taken = 0;
    try {
      ask();
      ask();
      for (;;) {
        while (arrived.length === 0) {
          if (failed) throw failed;
          await new Promise<void>((resolve) => {
            wakeUp = resolve;
          });
        }
        const m = arrived.shift()!;
        if ("error" in m) throw new Error(`reading the event log failed: ${m.error}`);
        if ("done" in m) return;
        if (++taken % THREAD_ASK === 0) ask();
        ensureOpen();
        yield JSON.parse(m.page) as ReplayedEvent<K>[];
      }
    } finally {
      reader.removeAllListeners();
      await reader.terminate();
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
    readPages(opts) {
      ensureOpen();
      const span = BigInt(opts.toPosition) - BigInt(opts.fromPosition ?? "0");
      return opts.decoder && span >= BigInt(options.replayThreadFrom ?? 50_000)
        ? readPagesInThread({ ...opts, decoder: opts.decoder })
        : readPages(opts);
    },
    async headPosition() {
      ensureOpen();
      return String(head.get()?.position ?? 0);
    },
    async close() {
      if (closed) return;
      closed = true;
      // Appends already accepted are committed, not dropped.
      await drain();
      tail.clear();
      wake.fire();
      db.close();
    },
  };
}
