import { type Order, OrderStatus, type OrderSummary, shortIdOf, type TimelineEntry } from "@shop/contracts";
import {
  type Notification,
  type ProjectedEvent,
  type Projection,
  type ReadDoc,
  rooms,
} from "../projection.ts";

/** The order read model: the API's Order plus the customer's id (for "mine" and room checks). */
export type OrderDoc = ReadDoc & Order & { customerId: string };

const byOf = (e: ProjectedEvent): TimelineEntry["by"] =>
  e.metadata.actor.kind === "user"
    ? { name: e.metadata.actor.name, accType: e.metadata.actor.accType }
    : { name: e.metadata.actor.name };

const advance = (
  doc: OrderDoc,
  e: ProjectedEvent,
  change: Partial<OrderDoc>,
  entry: TimelineEntry,
): OrderDoc => ({
  ...doc,
  ...change,
  timeline: [...doc.timeline, entry],
  revision: e.revision,
  position: e.position,
});

export const summaryOf = (o: Order): OrderSummary => ({
  id: o.id,
  shortId: o.shortId,
  placedAt: o.placedAt,
  status: o.status,
  itemsCount: o.itemsCount,
  firstItem: o.firstItem,
  customer: o.customer,
  shippingAddress: o.shippingAddress,
  payablePaise: o.payablePaise,
});

/** What the API answers: the read model without its bookkeeping fields. */
export const orderView = (doc: OrderDoc): Order => {
  const { _id, customerId: _c, revision: _r, ...order } = doc;
  return order;
};

export const ordersProjection: Projection<OrderDoc> = {
  name: "orders",
  collection: "orders",
  canHandle: ["OrderPlaced", "OrderStatusChanged", "DeliveryOtpSent", "OrderDelivered"],
  documentId: (e) => (e.data as { orderId: string }).orderId,
  evolve(doc, e) {
    switch (e.type) {
      case "OrderPlaced": {
        const d = e.data;
        const first = d.items[0];
        return {
          _id: d.orderId,
          id: d.orderId,
          shortId: shortIdOf(d.orderId),
          placedAt: d.placedAt,
          status: OrderStatus.PENDING,
          itemsCount: d.items.reduce((n, i) => n + i.quantity, 0),
          firstItem: { title: first?.title ?? "", imageUrl: first?.imageUrl ?? "" },
          customer: { name: d.customer.name, email: d.customer.email, contact: d.customer.contact },
          customerId: d.customer.userId,
          shippingAddress: d.shippingAddress,
          payablePaise: d.totals.payablePaise,
          items: d.items,
          totals: { ...d.totals, shippingPaise: 0 },
          timeline: [{ at: d.placedAt, type: "OrderPlaced", by: byOf(e), to: OrderStatus.PENDING }],
          revision: e.revision,
          position: e.position,
        };
      }
      case "OrderStatusChanged":
        if (!doc) return doc;
        return advance(
          doc,
          e,
          { status: e.data.to },
          { at: e.data.changedAt, type: e.type, by: byOf(e), from: e.data.from, to: e.data.to },
        );
      case "DeliveryOtpSent":
        if (!doc) return doc;
        return advance(
          doc,
          e,
          {},
          { at: e.data.sentAt, type: e.type, by: byOf(e), note: `OTP sent to ${e.data.sentTo}` },
        );
      case "OrderDelivered":
        if (!doc) return doc;
        return advance(
          doc,
          e,
          { status: OrderStatus.DELIVERED },
          { at: e.data.deliveredAt, type: e.type, by: byOf(e), from: e.data.from, to: OrderStatus.DELIVERED },
        );
      default:
        return doc;
    }
  },
  notify(after, e) {
    if (!after) return [];
    const order = orderView(after);
    const out: Notification[] = [];
    if (e.type === "OrderPlaced") {
      out.push({
        rooms: [rooms.delivery, rooms.user(after.customerId)],
        event: "order.placed",
        payload: { position: e.position, order: summaryOf(order) },
      });
    }
    out.push({
      rooms: [rooms.order(after.id), rooms.delivery, rooms.user(after.customerId)],
      event: "order.updated",
      payload: { position: e.position, order },
    });
    return out;
  },
  // The customer's index first: on a tie in estimated cost the embedded planner keeps the
  // earlier index, and for "mine" the compound one reads only that customer's orders.
  indexes: [{ keys: { customerId: 1, placedAt: -1 } }, { keys: { placedAt: -1 } }],
};
