import { parseEvent } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import type { Decider } from "./decider.ts";

type Fold<E, S> = Pick<Decider<unknown, E, S>, "initialState" | "evolve">;

/** A stream as a decider has folded it: a prefix of an append-only stream. */
export interface Folded<S> {
  state: S;
  /** The ids of its events (a retried command's first event is looked up here). */
  ids: ReadonlySet<string>;
  /** Its last event; undefined for a stream still empty. */
  last: { revision: number; position: string } | undefined;
  /** When the store last confirmed this was the whole stream (a read, or this process's append). */
  confirmedAt: number;
}

/** Streams kept per store and decider, the most recently used. */
const KEPT = 1000;

const kept = new WeakMap<EventStore, WeakMap<object, Map<string, Folded<unknown>>>>();

const streamsOf = (store: EventStore, decider: object): Map<string, Folded<unknown>> => {
  let byDecider = kept.get(store);
  if (!byDecider) {
    byDecider = new WeakMap();
    kept.set(store, byDecider);
  }
  let streams = byDecider.get(decider);
  if (!streams) {
    streams = new Map();
    byDecider.set(decider, streams);
  }
  return streams;
};

/** The fold of a stream with no events (yet, or none kept). */
const emptyFold = <E, S>(decider: Fold<E, S>, confirmedAt: number): Folded<S> => ({
  state: decider.initialState(),
  ids: new Set<string>(),
  last: undefined,
  confirmedAt,
});

/** Keeps `folded` as the stream's fold unless a longer prefix is kept already. */
const keep = <S>(streams: Map<string, Folded<unknown>>, stream: string, folded: Folded<S>): void => {
  const now = streams.get(stream);
  if (now && (now.last?.revision ?? -1) > (folded.last?.revision ?? -1)) return;
  streams.delete(stream);
  streams.set(stream, folded);
  if (streams.size > KEPT) streams.delete(streams.keys().next().value as string);
};

/**
 * `stream` folded through `decider`, reading only the events after those folded last time: a
 * stream only grows, so what was folded stays a prefix of it, however many writers append.
 * Deciders are pure (their `evolve` answers a new state and never changes the one it got), so
 * a folded state is shared safely between commands.
 *
 * `freshMs`: a fold the store confirmed less than this long ago is answered without reading (a
 * read that may lag another process's appends by that long: the catalogue's prices). A command's
 * own fold never takes it: its append's expected revision is what checks it.
 */
export const readFolded = async <E, S>(
  store: EventStore,
  stream: string,
  decider: Fold<E, S>,
  opts: { freshMs?: number } = {},
): Promise<Folded<S>> => {
  const streams = streamsOf(store, decider);
  const known = streams.get(stream) as Folded<S> | undefined;
  const started = performance.now();
  if (known && opts.freshMs !== undefined && started - known.confirmedAt < opts.freshMs) return known;
  const fresh = await store.readStream(
    stream,
    known?.last ? { fromRevision: known.last.revision + 1 } : undefined,
  );
  let folded: Folded<S> = known ? { ...known, confirmedAt: started } : emptyFold(decider, started);
  if (fresh.length > 0) {
    let state = folded.state;
    const ids = new Set(folded.ids);
    for (const r of fresh) {
      state = decider.evolve(state, parseEvent(r.type, r.data, r.metadata.schemaVersion) as E);
      ids.add(r.id);
    }
    const end = fresh.at(-1)!;
    folded = { state, ids, last: { revision: end.revision, position: end.position }, confirmedAt: started };
  }
  // A concurrent call may have folded further meanwhile: keep the longer prefix.
  keep(streams, stream, folded);
  return folded;
};

/**
 * After this process appended events (`ids`) to a stream it had folded as `before`, at the expected
 * revision, which makes `state` the whole stream's fold: kept, so the next read starts after them.
 */
export const foldAppended = <S>(
  store: EventStore,
  stream: string,
  decider: object,
  before: Folded<S>,
  state: S,
  appendedIds: string[],
  after: { nextExpectedRevision: number; position: string },
): void => {
  const ids = new Set(before.ids);
  for (const id of appendedIds) ids.add(id);
  keep(streamsOf(store, decider), stream, {
    state,
    ids,
    last: { revision: after.nextExpectedRevision, position: after.position },
    confirmedAt: performance.now(),
  });
};

/**
 * The fold kept of `stream` without reading it (the initial state for a stream not kept): a
 * prefix of the stream, whole unless another process appended since.
 */
export const keptFold = <E, S>(store: EventStore, stream: string, decider: Fold<E, S>): Folded<S> =>
  (streamsOf(store, decider).get(stream) as Folded<S> | undefined) ??
  emptyFold(decider, Number.NEGATIVE_INFINITY);

/** Forgets what was folded of `stream` (the next read folds it whole). */
export const forgetFolded = (store: EventStore, stream: string, decider: object): void => {
  streamsOf(store, decider).delete(stream);
};
