import { type ORDER_SOURCES, Streams } from "@shop/contracts";
import type { EventStore } from "@shop/platform";
import { type CommandContext, handleCommand } from "../commandHandling/handleCommand.ts";
import { orderDecider } from "./decider.ts";
import { type ItemInput, priceItems, requestDigest } from "./pricing.ts";

export interface PlaceOrderInput {
  orderId: string;
  customer: { userId: string; name: string; email: string; contact: string };
  items: ItemInput[];
  shippingAddress: string;
  source: { kind: (typeof ORDER_SOURCES)[number]; bookListId?: string };
  expectedPayablePaise?: number;
  now: string;
}

/**
 * Places an order priced from the catalogue (never from the client). Every way to order — a
 * product page, a school's selection, the cart, an admin's book-list order — comes through here.
 */
export const placeOrder = async (events: EventStore, input: PlaceOrderInput, ctx: CommandContext) => {
  const { items, totals } = await priceItems(events, input.items);
  const handled = await handleCommand(
    events,
    Streams.order(input.orderId),
    orderDecider,
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
        ...(input.expectedPayablePaise !== undefined && { expectedPayablePaise: input.expectedPayablePaise }),
      },
    },
    ctx,
  );
  return { ...handled, items, totals };
};
