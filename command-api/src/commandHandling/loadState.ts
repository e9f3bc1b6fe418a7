import { parseEvent } from "@shop/contracts";
import type { EventStore, RecordedEvent } from "@shop/platform";
import type { Decider } from "./decider.ts";

type Fold<E, S> = Pick<Decider<unknown, E, S>, "initialState" | "evolve">;

/** A stream's events (upcast and validated) folded through a decider's `evolve`. */
export const foldStream = <E, S>(recorded: RecordedEvent[], decider: Fold<E, S>): S =>
  recorded.reduce(
    (state, r) => decider.evolve(state, parseEvent(r.type, r.data, r.metadata.schemaVersion) as E),
    decider.initialState(),
  );

/** A stream's current state, for a check that comes before (or instead of) a command. */
export const loadState = async <E, S>(events: EventStore, stream: string, decider: Fold<E, S>): Promise<S> =>
  foldStream(await events.readStream(stream), decider);
