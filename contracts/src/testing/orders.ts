import type { OrderEvent, OrderLineSnapshot, OrderPlacedData } from "../orders/events.ts";
import { customerKeysOf } from "../orders/filters.ts";
import { type OrderDoc, positionKey, shortIdOf } from "../orders/readModel.ts";
import { sumTotals } from "../shared/money.ts";

/** The ids the order fixtures use unless a test gives its own. */
export const fixtureIds = {
  order: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
  customer: "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b",
  product: "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f",
} as const;

export const orderLine = (over: Partial<OrderLineSnapshot> = {}): OrderLineSnapshot => ({
  productId: fixtureIds.product,
  kind: "notebook",
  title: "Classmate Notebook",
  author: "Classmate",
  imageUrl: "/media/stationeries/classmate.png",
  pricePaise: 6500,
  discountPaise: 500,
  quantity: 2,
  ...over,
});

/** An order of two Classmate notebooks by Asha; the totals follow the items unless given. */
export const orderPlacedData = (over: Partial<OrderPlacedData> = {}): OrderPlacedData => {
  const items = over.items ?? [orderLine()];
  return {
    orderId: fixtureIds.order,
    customer: { userId: fixtureIds.customer, name: "Asha", email: "asha@example.com", contact: "98765" },
    shippingAddress: "12 MG Road, Pune",
    items,
    totals: sumTotals(items),
    source: { kind: "direct" },
    requestDigest: "digest-1",
    placedAt: "2026-11-22T10:00:00.000Z",
    ...over,
  };
};

export const orderPlaced = (over: Partial<OrderPlacedData> = {}) =>
  ({ type: "OrderPlaced", data: orderPlacedData(over) }) satisfies OrderEvent;

export const orderStatusChanged = (from: 1 | 2 | 3, to: 1 | 2 | 3, orderId: string = fixtureIds.order) =>
  ({
    type: "OrderStatusChanged",
    data: { orderId, from, to, changedAt: "2026-11-22T11:00:00.000Z" },
  }) satisfies OrderEvent;

/** The order read model as the projector leaves it after `orderPlaced(over)`, bookkeeping included. */
export const orderDoc = (over: Partial<OrderPlacedData> = {}, position = "1"): OrderDoc => {
  const d = orderPlacedData(over);
  const first = d.items[0];
  return {
    _id: d.orderId,
    id: d.orderId,
    shortId: shortIdOf(d.orderId),
    placedAt: d.placedAt,
    status: 1,
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
    timeline: [{ at: d.placedAt, type: "OrderPlaced", by: { name: d.customer.name, accType: 3 }, to: 1 }],
    revision: 0,
    position,
    positionKey: positionKey(position),
  };
};
