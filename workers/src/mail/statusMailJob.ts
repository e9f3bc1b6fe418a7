import {
  bookPlace,
  type DomainEvent,
  OrderStatus,
  type OrderStatusMailJob,
  parseEvent,
} from "@shop/contracts";
import type { RecordedEvent } from "@shop/platform";

/** The events that send the customer a status mail. */
export const MAILED_TYPES = new Set(["OrderStatusChanged", "OrderDelivered"]);

const parsed = (r: RecordedEvent): DomainEvent => parseEvent(r.type, r.data, r.metadata.schemaVersion);

/** What every status mail of one order shows, from its OrderPlaced: it never changes. */
export type OrderMailFacts = Omit<OrderStatusMailJob, "eventId" | "kind" | "status" | "changedAt">;

/** The facts of the order whose OrderPlaced is `placedRecord`; null for another event. */
export const orderMailFactsOf = (placedRecord: RecordedEvent): OrderMailFacts | null => {
  const placed = parsed(placedRecord);
  if (placed.type !== "OrderPlaced") return null;
  const order = placed.data;
  return {
    orderId: order.orderId,
    to: order.customer.email,
    customerName: order.customer.name,
    shippingAddress: order.shippingAddress,
    lines: order.items.map((i) => {
      const place = bookPlace(i);
      return {
        title: i.title,
        ...(place && { place }),
        quantity: i.quantity,
        pricePaise: i.pricePaise,
        discountPaise: i.discountPaise,
      };
    }),
    totals: order.totals,
  };
};

/** The status mail for `event` (an OrderStatusChanged or OrderDelivered) of the order `facts` describe. */
export const statusMailJobFrom = (event: RecordedEvent, facts: OrderMailFacts): OrderStatusMailJob | null => {
  const change = parsed(event);
  const common = { ...facts, eventId: event.id };
  switch (change.type) {
    case "OrderStatusChanged":
      return { ...common, kind: "status-changed", status: change.data.to, changedAt: change.data.changedAt };
    case "OrderDelivered":
      return {
        ...common,
        kind: "delivered",
        status: OrderStatus.DELIVERED,
        changedAt: change.data.deliveredAt,
      };
    default:
      return null;
  }
};

/**
 * The status mail for `event` (an OrderStatusChanged or OrderDelivered), from the order as it was
 * placed (its stream's OrderPlaced): everything the mail shows, so the worker reads nothing else.
 */
export const statusMailJobOf = (event: RecordedEvent, stream: RecordedEvent[]): OrderStatusMailJob | null => {
  const placedRecord = stream.find((r) => r.type === "OrderPlaced");
  const facts = placedRecord && orderMailFactsOf(placedRecord);
  return facts ? statusMailJobFrom(event, facts) : null;
};
