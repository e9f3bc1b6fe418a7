import { type OrderDoc, type OrderEvent, orderView } from "@shop/contracts";
import { fixtureIds, orderLine, orderPlaced } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { ordersProjection } from "./orders.projection.ts";

const orderId = fixtureIds.order;
const customerId = fixtureIds.customer;
const history: OrderEvent[] = [
  orderPlaced({
    items: [
      orderLine({
        kind: "book",
        title: "Mathematics Class 8",
        author: "R. D. Sharma",
        imageUrl: "/media/books/maths.png",
        pricePaise: 24000,
        discountPaise: 2400,
        quantity: 2,
      }),
      orderLine({ productId: "4f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f", discountPaise: 0, quantity: 3 }),
    ],
  }),
  { type: "OrderStatusChanged", data: { orderId, from: 1, to: 2, changedAt: "2026-11-22T11:00:00.000Z" } },
  {
    type: "DeliveryOtpSent",
    data: {
      orderId,
      sentTo: "a***@example.com",
      expiresAt: "2026-11-22T12:10:00.000Z",
      sentAt: "2026-11-22T12:00:00.000Z",
    },
  },
  { type: "OrderDelivered", data: { orderId, from: 2, deliveredAt: "2026-11-22T12:05:00.000Z" } },
];

const fold = (events = recorded(`order-${orderId}`, history)) =>
  events.reduce<OrderDoc | null>((doc, e) => ordersProjection.evolve(doc, e), null);

describe("orders projection", () => {
  it("builds the summary fields, lines and totals with free shipping from OrderPlaced", () => {
    const doc = fold(recorded(`order-${orderId}`, history.slice(0, 1)));
    expect(doc).toMatchObject({
      _id: orderId,
      shortId: "7a8b9c0d1e2f".slice(-8),
      status: 1,
      itemsCount: 5,
      firstItem: { title: "Mathematics Class 8", imageUrl: "/media/books/maths.png" },
      customer: { name: "Asha", email: "asha@example.com", contact: "98765" },
      customerId,
      payablePaise: 62700,
      totals: { pricePaise: 67500, discountPaise: 4800, payablePaise: 62700, shippingPaise: 0 },
      revision: 0,
      position: "1",
    });
  });

  it("keeps a timeline of every event with its actor", () => {
    const doc = fold();
    expect(doc?.status).toBe(3);
    expect(doc?.timeline).toEqual([
      { at: "2026-11-22T10:00:00.000Z", type: "OrderPlaced", by: { name: "Shop Admin", accType: 1 }, to: 1 },
      {
        at: "2026-11-22T11:00:00.000Z",
        type: "OrderStatusChanged",
        by: { name: "Shop Admin", accType: 1 },
        from: 1,
        to: 2,
      },
      {
        at: "2026-11-22T12:00:00.000Z",
        type: "DeliveryOtpSent",
        by: { name: "Shop Admin", accType: 1 },
        note: "OTP sent to a***@example.com",
      },
      {
        at: "2026-11-22T12:05:00.000Z",
        type: "OrderDelivered",
        by: { name: "Shop Admin", accType: 1 },
        from: 2,
        to: 3,
      },
    ]);
    expect(doc?.revision).toBe(3);
  });

  it("keeps the keys the admin's filters read: the first school line's school, the customer's searched form, the position", () => {
    const school = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
    const [placed] = recorded(`order-${orderId}`, [
      orderPlaced({
        customer: {
          userId: customerId,
          name: " Asha RAO ",
          email: "Asha@Example.com",
          contact: "+91 98450 12345",
        },
        items: [
          orderLine(),
          orderLine({ productId: "4f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f", schoolId: school }),
        ],
      }),
    ]);
    if (!placed) throw new Error("no event");
    expect(ordersProjection.evolve(null, placed)).toMatchObject({
      schoolId: school,
      customerKeys: { name: "asha rao", email: "asha@example.com", phone: "9845012345" },
      positionKey: "00000000000000000001",
    });
    expect(fold()).toMatchObject({ schoolId: null, position: "4", positionKey: "00000000000000000004" });
  });

  it("answers the API shape without bookkeeping fields", () => {
    const doc = fold();
    if (!doc) throw new Error("no document");
    const view = orderView(doc);
    expect(view).not.toHaveProperty("_id");
    expect(view).not.toHaveProperty("customerId");
    expect(view).not.toHaveProperty("revision");
    for (const key of ["schoolId", "customerKeys", "positionKey"]) expect(view).not.toHaveProperty(key);
    expect(view.position).toBe("4");
  });

  it("announces order.placed to delivery staff and the customer, order.updated to the order's rooms", async () => {
    const [placed] = recorded(`order-${orderId}`, history.slice(0, 1));
    if (!placed) throw new Error("no event");
    const doc = ordersProjection.evolve(null, placed);
    const notes = (await ordersProjection.notify?.(doc, placed, createMemoryDocumentStore())) ?? [];
    expect(notes.map((n) => [n.event, n.rooms])).toEqual([
      ["order.placed", ["role:delivery", `user:${customerId}`]],
      ["order.updated", [`order:${orderId}`, "role:delivery", `user:${customerId}`]],
    ]);
    expect(notes[0]?.payload).toMatchObject({ position: "1", order: { id: orderId, status: 1 } });
  });
});
