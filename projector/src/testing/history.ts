import type { EventStore } from "@shop/platform";
import { bookListStep } from "./history/booklists.ts";
import { cartStep } from "./history/carts.ts";
import { messageStep } from "./history/messages.ts";
import { orderStep } from "./history/orders.ts";
import { productStep } from "./history/products.ts";
import { promotionStep } from "./history/promotions.ts";
import { schoolStep } from "./history/schools.ts";
import { changeUser, registerUser } from "./history/users.ts";
import { type Append, createWorld, type World } from "./history/world.ts";

export type { Append } from "./history/world.ts";

/**
 * A shop's history of every stream type (users, schools, products, promotions, carts with
 * checkouts, orders through delivery, messages, book lists ordered and discarded), as appends in
 * the order a busy shop could make them; each context's steps are in ./history/. Only shape
 * matters, not business rules beyond what the projections rely on (an order is placed before it
 * changes, a stream starts with its creation). The same seed gives the same history.
 */
export const generateHistory = (opts: { seed?: number; steps?: number } = {}): Append[] => {
  const w = createWorld(opts.seed ?? 42);
  const steps: ((w: World) => void)[] = [
    registerUser,
    changeUser,
    schoolStep,
    productStep,
    promotionStep,
    cartStep,
    orderStep,
    messageStep,
    bookListStep,
  ];
  // A first stretch builds a catalogue and customers, so later steps have something to act on.
  for (let i = 0; i < 10; i++) registerUser(w);
  for (let i = 0; i < 5; i++) schoolStep(w);
  for (let i = 0; i < 20; i++) productStep(w);
  for (let i = 0; i < (opts.steps ?? 3000); i++) w.pick(steps)(w);
  return w.out;
};

/** Appends a history to an event store, each append on top of its stream's current revision. */
export const appendHistory = async (
  events: EventStore,
  appends: Append[],
  onEach?: (i: number) => Promise<void>,
) => {
  for (const [i, a] of appends.entries()) {
    await events.appendToStream(
      a.stream,
      a.events.map((e) => ({ type: e.type, data: e.data, metadata: a.metadata })),
      { expectedRevision: "any" },
    );
    await onEach?.(i);
  }
};
