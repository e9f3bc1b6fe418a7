import {
  type OpenOrdersDoc,
  type OrderEvent,
  OrderStatus,
  openOrdersCollection,
  openOrdersIds,
} from "@shop/contracts";
import { multiStream } from "../multiStreamWrite.ts";
import { type DocChange, type ProjectedEvent, withOwned } from "../projection.ts";

type Change = DocChange<OpenOrdersDoc>;

/** The customer's open count moved by `by`. */
const moved = (customerId: string, by: number): Change => ({
  id: openOrdersIds.customer(customerId),
  evolve: (doc) => ({
    _id: openOrdersIds.customer(customerId),
    kind: "customer",
    open: Math.max(0, (doc?.kind === "customer" ? doc.open : 0) + by),
  }),
});

/** +1 when an order leaves Delivered, −1 when it reaches it, 0 otherwise. */
const openDelta = (from: number, to: number): number =>
  from === to ? 0 : to === OrderStatus.DELIVERED ? -1 : from === OrderStatus.DELIVERED ? 1 : 0;

/**
 * Each customer's undelivered orders (contracts' openOrders read model), for the open-orders cap:
 * a placed order counts until it is delivered, and again if an admin moves it back out of
 * Delivered. A multi-stream projection: the counts sum events of many order streams.
 */
export const openOrdersProjection = multiStream<OpenOrdersDoc, OrderEvent>({
  name: "openOrders",
  collection: openOrdersCollection.name,
  indexes: openOrdersCollection.indexes,
  canHandle: ["OrderPlaced", "OrderStatusChanged", "OrderDelivered"],
  changes(e: ProjectedEvent<OrderEvent>, own): Change[] | Promise<Change[]> {
    if (e.type === "DeliveryOtpSent") return [];
    if (e.type === "OrderPlaced") {
      const { orderId, customer } = e.data;
      return [
        {
          id: openOrdersIds.order(orderId),
          evolve: () => ({ _id: openOrdersIds.order(orderId), kind: "order", customerId: customer.userId }),
        },
        moved(customer.userId, 1),
      ];
    }
    const to = e.type === "OrderDelivered" ? OrderStatus.DELIVERED : e.data.to;
    const by = openDelta(e.data.from, to);
    if (by === 0) return [];
    // The order's customer, as OrderPlaced recorded it (a fact no later event changes).
    const id = openOrdersIds.order(e.data.orderId);
    return withOwned(own([id]), (docs) => {
      const order = docs.get(id);
      return order?.kind === "order" ? [moved(order.customerId, by)] : [];
    });
  },
});
