import type { OrderEvent, OrderPlacedData } from "./events.ts";
import { OrderStatus } from "./status.ts";

/**
 * An order as its stream folds: the state command-api's order decider decides on, and the one the
 * audit history shows after each event (GET /api/orders/:id/events). One `evolveOrder` for both,
 * so the past an admin sees is the state the next command was decided on.
 */
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

export const initialOrderState = (): OrderState => ({ status: "none" });

export const evolveOrder = (state: OrderState, event: OrderEvent): OrderState => {
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
};
