import type { OrderEvent, OtpCheck } from "@shop/contracts";
import { fixtureIds, orderPlaced, orderPlacedData } from "@shop/contracts/testing";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { type OrderCommand, orderDecider } from "./decider.ts";

const given = specFor(orderDecider);
const now = "2026-11-22T10:00:00.000Z";
const orderId = fixtureIds.order;
const customer = orderPlacedData().customer;
const placedData = orderPlacedData();
const placed = orderPlaced();
const place = (over: Partial<OrderCommand["data"]> = {}): OrderCommand =>
  ({ type: "PlaceOrder", data: { ...placedData, ...over } }) as OrderCommand;
const rightOtp: OtpCheck = { tries: 0, matches: true, remainingMs: 300_000 };
const lockedOtp: OtpCheck = { ...rightOtp, tries: 5 };
const confirm = (otp: OtpCheck): OrderCommand => ({ type: "ConfirmDelivery", data: { now, otp } });
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

  it("refuses a new order past the customer's open orders; a retry of a placed one is still answered", () => {
    given([])
      .when(place({ openOrders: { open: 20, max: 20 } }))
      .thenThrows("conflict", "Too many open orders! Wait until one is delivered");
    given([placed])
      .when(place({ openOrders: { open: 20, max: 20 } }))
      .thenNothing();
    given([])
      .when(place({ openOrders: { open: 19, max: 20 } }))
      .then([placed]);
  });
  it("refuses an order of more lines, or more of one item, than the policy allows", () => {
    const line = placedData.items[0] as (typeof placedData.items)[number];
    given([])
      .when(place({ items: Array.from({ length: 51 }, () => line) }))
      .thenThrows("invalid", "Invalid input");
    given([])
      .when(place({ items: [{ ...line, quantity: 100 }] }))
      .thenThrows("invalid", "Invalid input");
    // One product on two lines: each within 99, the two past it.
    given([])
      .when(place({ items: [line, { ...line, quantity: 99 }] }))
      .thenThrows("invalid", "Invalid input");
  });

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

  it("records an OTP sent with the masked address and its 10-minute expiry, never the code", () =>
    given([placed])
      .when({ type: "SendDeliveryOtp", data: { now } })
      .then([
        {
          type: "DeliveryOtpSent",
          data: { orderId, sentTo: "a***@example.com", expiresAt: "2026-11-22T10:10:00.000Z", sentAt: now },
        },
      ]));
  it("refuses an OTP and a confirmation for a delivered order", () => {
    given([placed, delivered])
      .when({ type: "SendDeliveryOtp", data: { now } })
      .thenThrows("conflict", "Order already delivered");
    given([placed, delivered]).when(confirm(rightOtp)).thenThrows("conflict");
    given([placed, delivered]).when(confirm(lockedOtp)).thenThrows("conflict", "Order already delivered");
  });
  it("delivers a processing order", () =>
    given([placed, { type: "OrderStatusChanged", data: { orderId, from: 1, to: 2, changedAt: now } }])
      .when(confirm(rightOtp))
      .then([{ type: "OrderDelivered", data: { orderId, from: 2, deliveredAt: now } }]));
  it("refuses a wrong or expired OTP with 422 and appends nothing", () => {
    given([placed])
      .when(confirm({ ...rightOtp, matches: false }))
      .thenThrows("unprocessable", "Invalid or expired OTP");
    given([placed])
      .when(confirm({ tries: 0, matches: false, remainingMs: null }))
      .thenThrows("unprocessable", "Invalid or expired OTP");
  });
  it("locks confirmation after 5 wrong tries, even for the right code, until a new OTP", () => {
    given([placed])
      .when(confirm({ ...rightOtp, tries: 4 }))
      .then([{ type: "OrderDelivered", data: { orderId, from: 1, deliveredAt: now } }]);
    given([placed])
      .when(confirm(lockedOtp))
      .thenThrows("too_many", "Too many wrong OTP tries; send a new OTP");
  });
});
