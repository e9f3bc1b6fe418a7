import {
  conflict,
  evolveOrder,
  initialOrderState,
  maskEmail,
  notFound,
  type OpenOrders,
  type OrderEvent,
  type OrderPlacedData,
  type OrderState,
  OrderStatus,
  type OtpCheck,
  otpExpiresAt,
  requireValidOtp,
  requireWithinOrderLimits,
  Texts,
} from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export type { OrderState } from "@shop/contracts";

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
  // The fold is contracts' (orders/state.ts): the audit history's past view folds with it too.
  initialState: initialOrderState,
  evolve: evolveOrder,
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
