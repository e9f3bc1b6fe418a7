import {
  conflict,
  maskEmail,
  notFound,
  type OpenOrders,
  type OrderEvent,
  type OrderPlacedData,
  OrderStatus,
  type OtpCheck,
  otpExpiresAt,
  requireValidOtp,
  requireWithinOrderLimits,
  Texts,
} from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export type OrderState =
  | { status: "none" }
  | {
      status: "placed";
      orderId: string;
      customerId: string;
      customerEmail: string;
      customerName: string;
      requestDigest: string;
      orderStatus: OrderStatus;
      /** Kept for the status mails, which show the order's summary. */
      shippingAddress: string;
      items: OrderPlacedData["items"];
      totals: OrderPlacedData["totals"];
    };

export type OrderCommand =
  | {
      type: "PlaceOrder";
      /** Priced by the caller from the catalogue at decision time; never from the client. */
      data: OrderPlacedData & {
        expectedPayablePaise?: number;
        /** The customer's open orders and their cap (policy.ts); absent when the cap does not apply. */
        openOrders?: OpenOrders;
      };
    }
  | { type: "ChangeOrderStatus"; data: { to: OrderStatus; now: string } }
  | { type: "SendDeliveryOtp"; data: { now: string } }
  /** `otp`: what the secrets store knows of the code the rider typed (the OTP rule decides on it). */
  | { type: "ConfirmDelivery"; data: { now: string; otp: OtpCheck } };

const requirePlaced = (state: OrderState) => {
  if (state.status !== "placed") throw notFound(Texts.orderNotFound);
  return state;
};

export const orderDecider: Decider<OrderCommand, OrderEvent, OrderState> = {
  initialState: () => ({ status: "none" }),
  evolve(state, event) {
    switch (event.type) {
      case "OrderPlaced":
        return {
          status: "placed",
          orderId: event.data.orderId,
          customerId: event.data.customer.userId,
          customerEmail: event.data.customer.email,
          customerName: event.data.customer.name,
          requestDigest: event.data.requestDigest,
          orderStatus: OrderStatus.PENDING,
          shippingAddress: event.data.shippingAddress,
          items: event.data.items,
          totals: event.data.totals,
        };
      case "OrderStatusChanged":
        return state.status === "placed" ? { ...state, orderStatus: event.data.to } : state;
      case "OrderDelivered":
        return state.status === "placed" ? { ...state, orderStatus: OrderStatus.DELIVERED } : state;
      case "DeliveryOtpSent":
        return state;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "PlaceOrder": {
        const { expectedPayablePaise, openOrders, ...order } = command.data;
        if (state.status === "placed") {
          // The same user retrying the same request gets the first result; anything else is a reused id.
          if (state.customerId === order.customer.userId && state.requestDigest === order.requestDigest)
            return [];
          throw conflict(Texts.orderIdUsed);
        }
        requireWithinOrderLimits(order.items, openOrders);
        if (expectedPayablePaise !== undefined && expectedPayablePaise !== order.totals.payablePaise) {
          throw conflict(Texts.pricesChanged, { payablePaise: order.totals.payablePaise });
        }
        return [{ type: "OrderPlaced", data: order }];
      }
      case "ChangeOrderStatus": {
        const placed = requirePlaced(state);
        if (placed.orderStatus === command.data.to) return [];
        return [
          {
            type: "OrderStatusChanged",
            data: {
              orderId: placed.orderId,
              from: placed.orderStatus,
              to: command.data.to,
              changedAt: command.data.now,
            },
          },
        ];
      }
      case "SendDeliveryOtp": {
        const placed = requirePlaced(state);
        if (placed.orderStatus === OrderStatus.DELIVERED) throw conflict(Texts.orderAlreadyDelivered);
        const { now } = command.data;
        const sentTo = maskEmail(placed.customerEmail);
        const expiresAt = otpExpiresAt(new Date(now));
        return [
          { type: "DeliveryOtpSent", data: { orderId: placed.orderId, sentTo, expiresAt, sentAt: now } },
        ];
      }
      case "ConfirmDelivery": {
        const placed = requirePlaced(state);
        if (placed.orderStatus === OrderStatus.DELIVERED) throw conflict(Texts.orderAlreadyDelivered);
        requireValidOtp(command.data.otp);
        return [
          {
            type: "OrderDelivered",
            data: { orderId: placed.orderId, from: placed.orderStatus, deliveredAt: command.data.now },
          },
        ];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
