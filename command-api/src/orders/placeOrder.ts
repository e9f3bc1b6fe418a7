import { setTimeout as sleep } from "node:timers/promises";
import { type ORDER_SOURCES, type OrderDoc, OrderStatus, ordersCollection, Streams } from "@shop/contracts";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { streamHandler } from "../commandHandling/streamHandler.ts";
import type { CommandApiDeps } from "../deps.ts";
import { withLock } from "../http/lock.ts";
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
/** How long a placed order waits for the read model to count it before the customer's next one. */
const COUNTED_WAIT_MS = 2_000;

export type PlaceOrder = ReturnType<typeof orderPlacing>;

/**
 * Places an order priced from the catalogue (never from the client). Every way to order — a
 * product page or a school's selection (POST /orders), the cart, an admin's book-list order —
 * comes through here.
 */
export const orderPlacing = (deps: Pick<CommandApiDeps, "events" | "secrets" | "docs" | "rateLimits">) => {
  const orders = streamHandler(deps.events, Streams.order, orderDecider);
  const catalogue = catalogueOf(deps.events);
  /** Undelivered orders of the customer, from the order read model (a moment behind at most). */
  const openOrdersOf = (customerId: string) =>
    deps.docs
      .collection<OrderDoc>(ordersCollection.name)
      .countDocuments({ customerId, status: { $ne: OrderStatus.DELIVERED } });
  /**
   * Until the read model counts the order (bounded): the customer's next order, waiting on the
   * lock, then counts this one too.
   */
  const untilCounted = async (orderId: string) => {
    const deadline = Date.now() + COUNTED_WAIT_MS;
    const orders = deps.docs.collection<OrderDoc>(ordersCollection.name);
    while (!(await orders.findOne({ _id: orderId })) && Date.now() < deadline) await sleep(10);
  };
  const place = async (input: PlaceOrderInput, ctx: CommandContext) => {
    const customerId = input.customer.userId;
    const { items, totals } = await priceItems(catalogue, input.items);
    const openOrders = input.byCustomer
      ? { open: await openOrdersOf(customerId), max: deps.rateLimits.openOrders }
      : undefined;
    const handled = await orders.handle(
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
    );
    return { ...handled, items, totals };
  };
  return async (input: PlaceOrderInput, ctx: CommandContext) => {
    if (!input.byCustomer) return place(input, ctx);
    const customerId = input.customer.userId;
    await consume(deps.secrets, `orders:${customerId}`, deps.rateLimits.orders, HOUR);
    // One order of a customer at a time, each counted before the next: orders sent at once cannot
    // all count the same open orders and all pass the cap.
    return withLock(deps.secrets, `place-order:${customerId}`, async () => {
      const placed = await place(input, ctx);
      await untilCounted(input.orderId);
      return placed;
    });
  };
};
