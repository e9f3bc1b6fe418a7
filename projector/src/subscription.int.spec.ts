import type { DomainEvent } from "@shop/contracts";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { type OrderDoc, ordersProjection } from "./orders/orders.projection.ts";
import type { Projection } from "./projection.ts";
import { applyEvent } from "./subscription.ts";
import { recorded } from "./testing/events.ts";

const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const placed: DomainEvent = {
  type: "OrderPlaced",
  data: {
    orderId,
    customer: {
      userId: "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b",
      name: "Asha",
      email: "a@example.com",
      contact: "1",
    },
    shippingAddress: "Pune",
    items: [
      {
        productId: "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f",
        kind: "notebook",
        title: "Notebook",
        author: "Classmate",
        imageUrl: "/media/stationeries/n.png",
        pricePaise: 100,
        discountPaise: 0,
        quantity: 1,
      },
    ],
    totals: { pricePaise: 100, discountPaise: 0, payablePaise: 100 },
    source: { kind: "direct" },
    requestDigest: "d",
    placedAt: "2026-11-22T10:00:00.000Z",
  },
};
const changed: DomainEvent = {
  type: "OrderStatusChanged",
  data: { orderId, from: 1, to: 2, changedAt: "2026-11-22T11:00:00.000Z" },
};

describe("applying events to the read model", () => {
  const projection = ordersProjection as unknown as Projection;

  it("changes the document once when the same event is applied twice (replay)", async () => {
    const docs = createMemoryDocumentStore();
    const [e0, e1] = recorded(`order-${orderId}`, [placed, changed]);
    if (!e0 || !e1) throw new Error("no events");
    await applyEvent(docs, projection, e0);
    expect(await applyEvent(docs, projection, e1)).toHaveLength(1);
    expect(await applyEvent(docs, projection, e1)).toEqual([]);
    expect(await applyEvent(docs, projection, e0)).toEqual([]);
    const doc = await docs.collection<OrderDoc>("orders").findOne({ _id: orderId });
    expect(doc?.status).toBe(2);
    expect(doc?.timeline).toHaveLength(2);
  });
});
