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

/**
 * The status mail for `event` (an OrderStatusChanged or OrderDelivered), from the order as it was
 * placed (its stream's OrderPlaced): everything the mail shows, so the worker reads nothing else.
 */
export const statusMailJobOf = (event: RecordedEvent, stream: RecordedEvent[]): OrderStatusMailJob | null => {
  const placedRecord = stream.find((r) => r.type === "OrderPlaced");
  if (!placedRecord) return null;
  const placed = parsed(placedRecord);
  const change = parsed(event);
  if (placed.type !== "OrderPlaced") return null;
  const order = placed.data;
  const common = {
    orderId: order.orderId,
    eventId: event.id,
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
