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

/**
 * `stream` folded through `decider`, reading only the events after those folded last time: a
 * stream only grows, so what was folded stays a prefix of it, however many writers append.
 * Deciders are pure (their `evolve` answers a new state and never changes the one it got), so
 * a folded state is shared safely between commands.
 */
export const readFolded = async <E, S>(
  store: EventStore,
  stream: string,
  decider: Fold<E, S>,
): Promise<Folded<S>> => {
  const streams = streamsOf(store, decider);
  const known = streams.get(stream) as Folded<S> | undefined;
  const fresh = await store.readStream(
    stream,
    known?.last ? { fromRevision: known.last.revision + 1 } : undefined,
  );
  let folded = known ?? { state: decider.initialState(), ids: new Set<string>(), last: undefined };
  if (fresh.length > 0) {
    let state = folded.state;
    const ids = new Set(folded.ids);
    for (const r of fresh) {
      state = decider.evolve(state, parseEvent(r.type, r.data, r.metadata.schemaVersion) as E);
      ids.add(r.id);
    }
    const end = fresh.at(-1)!;
    folded = { state, ids, last: { revision: end.revision, position: end.position } };
  }
  // A concurrent call may have folded further meanwhile: keep the longer prefix.
  const now = streams.get(stream);
  if (!now || (now.last?.revision ?? -1) <= (folded.last?.revision ?? -1)) {
    streams.delete(stream);
    streams.set(stream, folded);
    if (streams.size > KEPT) streams.delete(streams.keys().next().value as string);
  }
  return folded;
};

/** Forgets what was folded of `stream` (the next read folds it whole). */
export const forgetFolded = (store: EventStore, stream: string, decider: object): void => {
  streamsOf(store, decider).delete(stream);
};
