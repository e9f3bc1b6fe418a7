import type { EventMetadata } from "@shop/contracts";

/**
 * The event store port. Contract:
 * - `appendToStream` is atomic (all events or none) and checks `expectedRevision`
 *   ("no_stream": the stream must not exist; "stream_exists"; "any"; or the revision of the
 *   stream's last event, 0-based). A mismatch throws `WrongExpectedVersionError`.
 * - Positions are the store's global commit positions as decimal strings; they grow strictly
 *   in append order and compare as BigInt.
 * - `subscribeToAll` yields every event after `fromPosition` (exclusive; from the start when
 *   absent) in global order, then keeps yielding new ones as they are appended, until `signal`
 *   aborts (then it ends normally). It reads ahead only as fast as the consumer pulls.
 * - A store that cannot be reached throws `StoreUnavailableError` (outcome of an append unknown).
 */
export type ExpectedRevision = "any" | "no_stream" | "stream_exists" | number;

export interface NewEvent {
  /** UUID; generated when absent. */
  id?: string;
  type: string;
  data: unknown;
  metadata: EventMetadata;
}

export interface RecordedEvent {
  id: string;
  streamName: string;
  type: string;
  /** 0-based position within its stream. */
  revision: number;
  /** Global commit position, decimal string. */
  position: string;
  data: unknown;
  metadata: EventMetadata;
  /** ISO-8601 UTC. */
  createdAt: string;
  /** True when `data` is already what the reader's decoder answered for it (`ReadPagesOptions.decoder`). */
  decoded?: boolean;
}

export interface AppendResult {
  /** The revision of the stream's last event after the append. */
  nextExpectedRevision: number;
  /** Position of the last appended event. */
  position: string;
}

export interface SubscribeOptions {
  fromPosition?: string;
  signal?: AbortSignal;
  /**
   * How late the reader may hear of an append (a hint; default 0). A store that is woken per
   * append (the embedded SQLite store) then waits this long after a wake before it reads, so
   * the appends of that span cost it one read instead of one each. A store that pushes events
   * (EventStoreDB) ignores it. For readers that need not be immediate, e.g. status mails.
   */
  lagMs?: number;
  /**
   * The event types the reader wants (a hint). A store may then pass over the others without
   * reading them out (the embedded SQLite store filters in its query, a window of positions at a
   * time); one that cannot (EventStoreDB here) delivers every event. Readers still check each
   * event's type, and must not take an absence of events as the log standing still.
   */
  eventTypes?: readonly string[];
}

export interface ReadPagesOptions<K extends keyof EventMetadata = keyof EventMetadata> {
  /** Exclusive; from the start when absent. */
  fromPosition?: string;
  /** Inclusive: the last position to read (e.g. the head seen when a replay began). */
  toPosition: string;
  pageSize?: number;
  /**
   * A module (file URL) exporting `decode(type, data, schemaVersion)`, e.g. the projector's upcast
   * and validation. A store that reads in a thread of its own may run it there, on each event, and
   * then hands over its answer as `data`, with `decoded: true`; one that does not leaves the data
   * as stored (and `decoded` unset), for the caller to decode.
   */
  decoder?: string;
  /**
   * The caller reads no more of each event than its stream, type, revision, position, data and
   * these metadata fields. A store that hands pages over from a thread of its own may then leave
   * the rest out (the event's id and time, other metadata): parsing that hand-over is the largest
   * cost a replay's projecting thread has (RESULTS.md, twenty-first session).
   */
  only?: { metadata: readonly K[] };
}

/** An event as `readPages` answers it: as recorded, or without what the caller said it does not read (`only`). */
export type ReplayedEvent<K extends keyof EventMetadata = keyof EventMetadata> = Omit<
  RecordedEvent,
  "id" | "createdAt" | "metadata"
> &
  Partial<Pick<RecordedEvent, "id" | "createdAt">> & { metadata: Pick<EventMetadata, K> };

export interface EventStore {
  appendToStream(
    stream: string,
    events: NewEvent[],
    opts: { expectedRevision: ExpectedRevision },
  ): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(stream: string, opts?: { fromRevision?: number }): Promise<RecordedEvent[]>;
  subscribeToAll(opts?: SubscribeOptions): AsyncIterable<RecordedEvent>;
  /**
   * Optional bulk read for a replay (a rebuild): the events after `fromPosition` up to and
   * including `toPosition`, in global order, a page at a time, without waiting for appends.
   * A store without it is replayed through `subscribeToAll`.
   */
  readPages?<K extends keyof EventMetadata = keyof EventMetadata>(
    opts: ReadPagesOptions<K>,
  ): AsyncIterable<ReplayedEvent<K>[]>;
  /** Position of the newest event in the store ("0" when empty). */
  headPosition(): Promise<string>;
  close(): Promise<void>;
}

export class WrongExpectedVersionError extends Error {
  override name = "WrongExpectedVersionError";
  readonly streamName: string;
  readonly expected: ExpectedRevision;
  readonly actual: number | "no_stream";
  constructor(streamName: string, expected: ExpectedRevision, actual: number | "no_stream") {
    super(`${streamName}: expected revision ${String(expected)}, actual ${String(actual)}`);
    this.streamName = streamName;
    this.expected = expected;
    this.actual = actual;
  }
}

export class StoreUnavailableError extends Error {
  override name = "StoreUnavailableError";
  /**
   * True when the store said the write was not made (a refused or rolled-back commit): trying it
   * again at once is no retry of an unknown outcome, only another wait for the same fault.
   */
  readonly nothingWritten: boolean;
  constructor(message?: string, options?: ErrorOptions & { nothingWritten?: boolean }) {
    super(message, options);
    this.nothingWritten = options?.nothingWritten ?? false;
  }
}
