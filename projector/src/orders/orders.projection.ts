import {
  customerKeysOf,
  type OrderDoc,
  type OrderEvent,
  OrderStatus,
  ordersCollection,
  orderView,
  positionKey,
  rooms,
  shortIdOf,
  summaryOf,
  type TimelineEntry,
} from "@shop/contracts";
import type { Notification, ProjectedEvent, Projection } from "../projection.ts";

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
  positionKey: positionKey(e.position),
});

export const ordersProjection: Projection<OrderDoc, OrderEvent> = {
  name: "orders",
  collection: ordersCollection.name,
  indexes: ordersCollection.indexes,
  canHandle: ["OrderPlaced", "OrderStatusChanged", "DeliveryOtpSent", "OrderDelivered"],
  documentId: (e) => e.data.orderId,
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
          schoolId: d.items.find((i) => i.schoolId)?.schoolId ?? null,
          customerKeys: customerKeysOf(d.customer),
          shippingAddress: d.shippingAddress,
          payablePaise: d.totals.payablePaise,
          items: d.items,
          totals: { ...d.totals, shippingPaise: 0 },
          timeline: [{ at: d.placedAt, type: "OrderPlaced", by: byOf(e), to: OrderStatus.PENDING }],
          revision: e.revision,
          position: e.position,
          positionKey: positionKey(e.position),
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
      default: {
        const never: never = e;
        return never;
      }
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
};
