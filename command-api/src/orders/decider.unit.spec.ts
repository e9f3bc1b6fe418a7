import type { OrderEvent, OrderPlacedData } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { type OrderCommand, orderDecider } from "./decider.ts";

const given = specFor(orderDecider);
const now = "2026-11-22T10:00:00.000Z";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const customer = {
  userId: "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b",
  name: "Asha",
  email: "asha@example.com",
  contact: "98765",
};
const placedData: OrderPlacedData = {
  orderId,
  customer,
  shippingAddress: "12 MG Road, Pune",
  items: [
    {
      productId: "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f",
      kind: "notebook",
      title: "Classmate Notebook",
      author: "Classmate",
      imageUrl: "/media/stationeries/classmate.png",
      pricePaise: 6500,
      discountPaise: 500,
      quantity: 2,
    },
  ],
  totals: { pricePaise: 13000, discountPaise: 1000, payablePaise: 12000 },
  source: { kind: "direct" },
  requestDigest: "digest-1",
  placedAt: now,
};
const placed: OrderEvent = { type: "OrderPlaced", data: placedData };
const place = (over: Partial<OrderCommand["data"]> = {}): OrderCommand =>
  ({ type: "PlaceOrder", data: { ...placedData, ...over } }) as OrderCommand;
const delivered: OrderEvent = { type: "OrderDelivered", data: { orderId, from: 1, deliveredAt: now } };

describe("order decider", () => {
  it("places a new order with its price snapshot", () => given([]).when(place()).then([placed]));
  it("accepts the caller's expected total when it matches", () =>
    given([])
      .when(place({ expectedPayablePaise: 12000 }))
      .then([placed]));
  it("refuses with the new total when prices changed", () =>
    given([])
      .when(place({ expectedPayablePaise: 11000 }))
      .thenThrows("conflict", "Prices changed"));
  it("answers a retried identical submit with no new event", () =>
    given([placed]).when(place()).thenNothing());
  it("refuses an order id reused with other content", () =>
    given([placed])
      .when(place({ requestDigest: "digest-2" }))
      .thenThrows("conflict", "Order id already used"));
  it("refuses an order id reused by another user", () =>
    given([placed])
      .when(place({ customer: { ...customer, userId: "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d" } }))
      .thenThrows("conflict", "Order id already used"));

  it("changes status and records the previous one", () =>
    given([placed])
      .when({ type: "ChangeOrderStatus", data: { to: 2, now } })
      .then([{ type: "OrderStatusChanged", data: { orderId, from: 1, to: 2, changedAt: now } }]));
  it("allows any order of statuses, as the spec's admin dropdown does", () =>
    given([placed, { type: "OrderStatusChanged", data: { orderId, from: 1, to: 3, changedAt: now } }])
      .when({ type: "ChangeOrderStatus", data: { to: 1, now } })
      .then([{ type: "OrderStatusChanged", data: { orderId, from: 3, to: 1, changedAt: now } }]));
  it("treats setting the current status as a no-op", () =>
    given([placed])
      .when({ type: "ChangeOrderStatus", data: { to: 1, now } })
      .thenNothing());
  it("answers Order not found! for an unknown order", () =>
    given([])
      .when({ type: "ChangeOrderStatus", data: { to: 2, now } })
      .thenThrows("not_found", "Order not found!"));

  it("records an OTP sent with the masked address, never the code", () =>
    given([placed])
      .when({ type: "SendDeliveryOtp", data: { expiresAt: now, now } })
      .then([
        {
          type: "DeliveryOtpSent",
          data: { orderId, sentTo: "a***@example.com", expiresAt: now, sentAt: now },
        },
      ]));
  it("refuses an OTP and a confirmation for a delivered order", () => {
    given([placed, delivered])
      .when({ type: "SendDeliveryOtp", data: { expiresAt: now, now } })
      .thenThrows("conflict", "Order already delivered");
    given([placed, delivered]).when({ type: "ConfirmDelivery", data: { now } }).thenThrows("conflict");
  });
  it("delivers a processing order", () =>
    given([placed, { type: "OrderStatusChanged", data: { orderId, from: 1, to: 2, changedAt: now } }])
      .when({ type: "ConfirmDelivery", data: { now } })
      .then([{ type: "OrderDelivered", data: { orderId, from: 2, deliveredAt: now } }]));
});
