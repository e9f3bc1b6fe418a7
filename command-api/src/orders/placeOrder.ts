import { type ORDER_SOURCES, Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { streamHandler } from "../commandHandling/streamHandler.ts";
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
}

export type PlaceOrder = ReturnType<typeof orderPlacing>;

/**
 * Places an order priced from the catalogue (never from the client). Every way to order — a
 * product page or a school's selection (POST /orders), the cart, an admin's book-list order —
 * comes through here.
 */
export const orderPlacing = (events: EventStore) => {
  const orders = streamHandler(events, Streams.order, orderDecider);
  const catalogue = catalogueOf(events);
  return async (input: PlaceOrderInput, ctx: CommandContext) => {
    const { items, totals } = await priceItems(catalogue, input.items);
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
        },
      },
      ctx,
    );
    return { ...handled, items, totals };
  };
};
