import type { Order, OrderSummary } from "./readModel.ts";

/**
 * `order.placed` goes to `role:delivery` and the customer's `user:<id>`; `order.updated` (every
 * order event) also to `order:<id>`, which a client joins with `order.watch`.
 */
export interface OrdersLive {
  "order.placed": { position: string; order: OrderSummary };
  "order.updated": { position: string; order: Order };
}

/** What a client asks the live server (API.md "Live", client → server). */
export interface OrdersClientLive {
  "order.watch": { orderId: string };
  "order.unwatch": { orderId: string };
}

/**
 * The acknowledgement of `order.watch`; `too_many`: the socket sent more events than a screen does
 * (query-api's eventBudget), try again in a moment.
 */
export interface WatchAnswer {
  ok: boolean;
  error?: "forbidden" | "unavailable" | "too_many";
}
