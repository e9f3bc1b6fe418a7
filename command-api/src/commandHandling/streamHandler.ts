import type { DomainEvent } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import type { Decider } from "./decider.ts";
import { type CommandContext, type Handled, type HandleOptions, handleCommand } from "./handleCommand.ts";
import { loadState } from "./loadState.ts";

/** One stream category's decider, bound to the event store: commands by stream id. */
export interface StreamHandler<C, E, S> {
  /** Load → decide → append with the expected revision (see `handleCommand`). */
  handle(id: string, command: C, ctx: CommandContext, opts?: HandleOptions<E, S>): Promise<Handled<E, S>>;
  /** The stream's current state, for a check that comes before (or instead of) a command. */
  load(id: string): Promise<S>;
}

export const streamHandler = <C, E extends DomainEvent, S>(
  events: EventStore,
  streamOf: (id: string) => string,
  decider: Decider<C, E, S>,
): StreamHandler<C, E, S> => ({
  handle: (id, command, ctx, opts) => handleCommand(events, streamOf(id), decider, command, ctx, opts),
  load: (id) => loadState(events, streamOf(id), decider),
});
