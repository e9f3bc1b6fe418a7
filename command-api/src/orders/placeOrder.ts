import {
  type OpenOrdersDoc,
  type ORDER_SOURCES,
  type OrderDoc,
  openOrdersCollection,
  openOrdersIds,
  ordersCollection,
  Streams,
} from "@shop/contracts";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { consume } from "../http/rateLimit.ts";
import { catalogueOf } from "../products/catalogue.ts";
import { orderDecider } from "./decider.ts";
import { type ItemInput, priceItems, requestDigest } from "./pricing.ts";

export interface PlaceOrderInput {
  orderId: string;
  customer: { userId: string; name: string; email: string; contact: string };
  items: ItemInput[];
  shippingAddress: string;
  source: { kind: (typeof ORDER_SOURCES)[number]; bookListId?: string };
  expectedPayablePaise?: number | undefined;
  now: string;
  /**
   * The customer places it (POST /orders, the cart): the per-customer limits apply (orders per
   * hour, open orders). An admin's order from a book list is the admin's decision.
   */
  byCustomer: boolean;
}

const HOUR = 60 * 60 * 1000;
/** How long an order may go unseen by the read model's count (its lag is milliseconds). */
const RECENT_ORDERS_MS = 2_000;
const NOT_PLACED = "-";

export type PlaceOrder = ReturnType<typeof orderPlacing>;

/** One of the customer's orders this hour (RATE_LIMIT_ORDERS): 429 past the limit. */
export const countOrder = (deps: Pick<CommandApiDeps, "secrets" | "rateLimits">, customerId: string) =>
  consume(deps.secrets, `orders:${customerId}`, deps.rateLimits.orders, HOUR);

/**
 * Places an order priced from the catalogue (never from the client). Every way to order — a
 * product page or a school's selection (POST /orders), the cart, an admin's book-list order —
 * comes through here.
 */
export const orderPlacing = (deps: Pick<CommandApiDeps, "events" | "secrets" | "docs" | "rateLimits">) => {
  const orders = streamHandler(deps.events, Streams.order, orderDecider);
  const catalogue = catalogueOf(deps.events);
  const ordersRead = () => deps.docs.collection<OrderDoc>(ordersCollection.name);
  /**
   * Undelivered orders of the customer, from the openOrders read model (a moment behind at most):
   * one document by `_id`, whatever the customer's history.
   */
  const openOrdersOf = async (customerId: string) => {
    const doc = await deps.docs
      .collection<OpenOrdersDoc>(openOrdersCollection.name)
      .findOne({ _id: openOrdersIds.customer(customerId) });
    return doc?.kind === "customer" ? doc.open : 0;
  };
  /**
   * The customer's open orders: the read model's count, which has not seen orders placed in the
   * last moments (orders sent at once have not seen each other). Each order takes a number from an
   * atomic counter of the customer's recent orders and notes its id under it; near the cap, the
   * recent ones the read model has not seen yet are counted too (one noted but not yet written,
   * or still being placed, counts), so a burst cannot all pass the cap.
   */
  const recentOrders = async (customerId: string, orderId: string) => {
    const key = `placing:${customerId}`;
    const number = await deps.secrets.incr(key, RECENT_ORDERS_MS);
    // A tally that expires in minutes: not worth a disk flush per order (a crash keeps it).
    await deps.secrets.set(`${key}:${number}`, orderId, RECENT_ORDERS_MS, { durability: "crash" });
    const unseen = async () => {
      let count = 0;
      for (let n = 1; n < number; n++) {
        const id = await deps.secrets.get(`${key}:${n}`);
        if (id === null || (id !== NOT_PLACED && !(await ordersRead().findOne({ _id: id })))) count++;
      }
      return count;
    };
    /** An order that was refused: not one to count. */
    const refused = () =>
      deps.secrets.set(`${key}:${number}`, NOT_PLACED, RECENT_ORDERS_MS, { durability: "crash" });
    return { number, unseen, refused };
  };
  return async (input: PlaceOrderInput, ctx: CommandContext) => {
    const customerId = input.customer.userId;
    if (input.byCustomer) await countOrder(deps, customerId);
    const { items, totals } = await priceItems(catalogue, input.items);
    let openOrders: { open: number; max: number } | undefined;
    const recent = input.byCustomer ? await recentOrders(customerId, input.orderId) : undefined;
    if (recent) {
      const max = deps.rateLimits.openOrders;
      const seen = await openOrdersOf(customerId);
      // Far from the cap even if every recent order were unseen: no need to look them up. Near it,
      // the unseen ones first, then the count again: one seen in between counts twice, never not at all.
      const open =
        seen + recent.number - 1 < max ? seen : (await recent.unseen()) + (await openOrdersOf(customerId));
      openOrders = { open, max };
    }
    const handled = await orders
      .handle(
        input.orderId,
        {
          type: "PlaceOrder",
          data: {
            orderId: input.orderId,
            customer: input.customer,
            shippingAddress: input.shippingAddress,
            items,
            totals,
            source: input.source,
            requestDigest: requestDigest(input.customer.userId, input.items, input.shippingAddress),
            placedAt: input.now,
            ...(input.expectedPayablePaise !== undefined && {
              expectedPayablePaise: input.expectedPayablePaise,
            }),
            ...(openOrders && { openOrders }),
          },
        },
        ctx,
      )
      .catch(async (err: unknown) => {
        await recent?.refused();
        throw err;
      });
    return { ...handled, items, totals };
  };
};
