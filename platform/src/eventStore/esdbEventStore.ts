import { randomUUID } from "node:crypto";
import {
  ANY,
  BACKWARDS,
  CancelledError,
  DeadlineExceededError,
  END,
  type AppendExpectedRevision as EsdbExpectedRevision,
  WrongExpectedVersionError as EsdbWrongExpectedVersionError,
  EventStoreDBClient,
  excludeSystemEvents,
  FORWARDS,
  type JSONType,
  jsonEvent,
  NO_STREAM,
  type Position,
  type ReadPosition,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
} from "@eventstore/db-client";
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

export interface EsdbEventStoreOptions {
  /** e.g. `esdb://eventstore:2113?tls=false` (ADAPTER-NOTES A1). */
  url: string;
  /** Called when a subscription drops and is about to be reopened (for logging). */
  onSubscriptionDrop?: (error: unknown, attempt: number, retryInMs: number) => void;
  /** Backoff between resubscriptions: `minMs · 2^attempt`, capped at `maxMs`. */
  resubscribe?: { minMs?: number; maxMs?: number };
}

/** gRPC codes meaning "store unavailable, outcome unknown" (ADAPTER-NOTES A2, checklist 3). */
const UNAVAILABLE_CODES = new Set([14, 1, 4]);

function isUnavailable(error: unknown): boolean {
  if (
    error instanceof UnavailableError ||
    error instanceof CancelledError ||
    error instanceof DeadlineExceededError
  )
    return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "number" && UNAVAILABLE_CODES.has(code);
}

function isWrongExpectedVersion(error: unknown): error is EsdbWrongExpectedVersionError {
  return (
    error instanceof EsdbWrongExpectedVersionError ||
    (error as { type?: unknown } | null)?.type === "wrong-expected-version"
  );
}

function isStreamNotFound(error: unknown): boolean {
  return (
    error instanceof StreamNotFoundError || (error as { type?: unknown } | null)?.type === "stream-not-found"
  );
}

function mapError(error: unknown): unknown {
  if (isUnavailable(error)) {
    const message = error instanceof Error ? error.message : String(error);
    return new StoreUnavailableError(`event store unavailable: ${message}`, { cause: error });
  }
  return error;
}

function toEsdbRevision(expected: ExpectedRevision): EsdbExpectedRevision {
  if (expected === "any") return ANY;
  if (expected === "no_stream") return NO_STREAM;
  if (expected === "stream_exists") return STREAM_EXISTS;
  // A negative number crashes the client's serialiser (ADAPTER-NOTES A2, #348): refuse it here.
  if (!Number.isSafeInteger(expected) || expected < 0)
    throw new RangeError(`expectedRevision must be a non-negative integer, got ${expected}`);
  return BigInt(expected);
}

function toActual(actual: unknown): number | "no_stream" {
  return typeof actual === "bigint" ? Number(actual) : "no_stream";
}

/**
 * Copies a payload through JSON before the client sees it: a bigint or a circular value would
 * otherwise crash the process inside the client (ADAPTER-NOTES A2, checklist 4).
 */
function plainJson(value: unknown, what: string): JSONType {
  const text = JSON.stringify(value ?? null);
  if (text === undefined) throw new TypeError(`${what} is not JSON-serialisable`);
  return JSON.parse(text) as JSONType;
}

interface EsdbRecorded {
  streamId: string;
  id: string;
  revision: bigint;
  type: string;
  created: Date;
  data: unknown;
  metadata: unknown;
  position?: Position;
}

function toRecorded(event: EsdbRecorded): RecordedEvent {
  return {
    id: event.id,
    streamName: event.streamId,
    type: event.type,
    revision: Number(event.revision),
    position: String(event.position?.commit ?? 0n),
    data: event.data,
    metadata: event.metadata as EventMetadata,
    createdAt: event.created.toISOString(),
  };
}

const isSystem = (event: { type: string; streamId: string }) =>
  event.type.startsWith("$") || event.streamId.startsWith("$");

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener("abort", done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener("abort", done, { once: true });
  });

/**
 * The production event store on EventStoreDB (`@eventstore/db-client` 6.2.1). Positions are
 * commit positions as decimal strings; a gRPC append commits each event with commit = prepare
 * position, so `{ commit: p, prepare: p }` resumes exactly after the event at `p`.
 * Create one per process (ADAPTER-NOTES A6, #523).
 */
export function createEsdbEventStore(options: EsdbEventStoreOptions): EventStore {
  const client = EventStoreDBClient.connectionString(options.url);
  const minBackoff = options.resubscribe?.minMs ?? 100;
  const maxBackoff = options.resubscribe?.maxMs ?? 5_000;
  let closed = false;
  // Wakes subscriptions sleeping before a resubscribe when the store closes.
  const closing = new AbortController();

  function ensureOpen(): void {
    if (closed) throw new StoreUnavailableError("event store is closed");
  }

  async function readStream(stream: string, fromRevision = 0, maxCount?: number): Promise<RecordedEvent[]> {
    const read = client.readStream(stream, {
      fromRevision: BigInt(fromRevision),
      direction: FORWARDS,
      ...(maxCount === undefined ? {} : { maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        if (resolved.event) events.push(toRecorded(resolved.event));
      }
    } catch (error) {
      if (isStreamNotFound(error)) return [];
      throw mapError(error);
    }
    return events;
  }

  /** Newest non-system event's position: `readAll` backwards, skipping system events. */
  async function headPosition(): Promise<string> {
    let from: Position | undefined;
    for (;;) {
      const read = client.readAll({ direction: BACKWARDS, fromPosition: from ?? END, maxCount: 64 });
      let last: Position | undefined;
      try {
        for await (const resolved of read) {
          const event = resolved.event;
          if (!event) continue;
          // readAll is inclusive: a later page starts with the event the previous one ended on.
          if (from && event.position.commit === from.commit && event.position.prepare === from.prepare)
            continue;
          last = event.position;
          if (!isSystem(event)) return String(event.position.commit);
        }
      } catch (error) {
        throw mapError(error);
      } finally {
        await read.cancel().catch(() => {});
      }
      if (!last) return "0";
      from = last;
    }
  }

  async function append(
    stream: string,
    events: NewEvent[],
    expected: ExpectedRevision,
  ): Promise<AppendResult> {
    const revision = toEsdbRevision(expected);
    const prepared = events.map((e) =>
      jsonEvent({
        id: e.id ?? randomUUID(),
        type: e.type,
        data: plainJson(e.data, `data of ${e.type}`),
        metadata: plainJson(e.metadata, `metadata of ${e.type}`),
      }),
    );
    let result: Awaited<ReturnType<typeof client.appendToStream>>;
    try {
      result = await client.appendToStream(stream, prepared, { expectedRevision: revision });
    } catch (error) {
      if (isWrongExpectedVersion(error))
        throw new WrongExpectedVersionError(stream, expected, toActual(error.actualVersion));
      throw mapError(error);
    }
    const nextExpectedRevision = Number(result.nextExpectedRevision);
    if (result.position) return { nextExpectedRevision, position: String(result.position.commit) };
    // The position is optional (ADAPTER-NOTES A2, checklist 5): take it from the last event.
    const [last] = nextExpectedRevision >= 0 ? await readStream(stream, nextExpectedRevision, 1) : [];
    const position = last && last.position !== "0" ? last.position : await headPosition();
    return { nextExpectedRevision, position };
  }

  async function* subscribe(opts: SubscribeOptions): AsyncGenerator<RecordedEvent> {
    const signal = opts.signal;
    let from: ReadPosition = START;
    if (opts.fromPosition !== undefined) {
      const commit = BigInt(opts.fromPosition);
      from = commit === 0n ? START : { commit, prepare: commit };
    }
    let attempt = 0;
    while (!closed && !signal?.aborted) {
      const subscription = client.subscribeToAll({ fromPosition: from, filter: excludeSystemEvents() });
      const stop = () => void subscription.unsubscribe().catch(() => {});
      signal?.addEventListener("abort", stop, { once: true });
      let failure: unknown = new Error("subscription ended without being asked to");
      try {
        for await (const resolved of subscription) {
          if (closed || signal?.aborted) return;
          const event = resolved.event;
          if (!event) continue;
          attempt = 0;
          from = event.position;
          yield toRecorded(event);
        }
      } catch (error) {
        failure = error;
      } finally {
        signal?.removeEventListener("abort", stop);
        // `break` or a throw in the loop does not cancel the server call (ADAPTER-NOTES A4).
        await subscription.unsubscribe().catch(() => {});
      }
      // unsubscribe() and dispose() end the loop normally; any other end is a drop.
      if (closed || signal?.aborted) return;
      const delay = Math.min(maxBackoff, minBackoff * 2 ** attempt);
      attempt += 1;
      options.onSubscriptionDrop?.(failure, attempt, delay);
      await sleep(delay, signal ? AbortSignal.any([signal, closing.signal]) : closing.signal);
    }
  }

  return {
    async appendToStream(stream, events, opts) {
      ensureOpen();
      return append(stream, events, opts.expectedRevision);
    },
    async readStream(stream, opts) {
      ensureOpen();
      return readStream(stream, opts?.fromRevision ?? 0);
    },
    subscribeToAll(opts = {}) {
      ensureOpen();
      return subscribe(opts);
    },
    async headPosition() {
      ensureOpen();
      return headPosition();
    },
    async close() {
      if (closed) return;
      closed = true;
      closing.abort();
      await client.dispose();
    },
  };
}
