import type { CollectionSpec } from "../shared/readModel.ts";

/**
 * How many undelivered orders each customer has, for the open-orders cap (orders/policy.ts): one
 * document per customer, read by `_id`, so placing an order costs the same whatever the customer's
 * history. Built by a multi-stream projection (guarded by the log position); it keeps each order's
 * customer too, since a status event names only the order.
 */
export type OpenOrdersDoc =
  | { _id: string; position: string; kind: "customer"; open: number }
  | { _id: string; position: string; kind: "order"; customerId: string };

export const openOrdersCollection: CollectionSpec = { name: "openOrders", indexes: [] };

export const openOrdersIds = {
  customer: (customerId: string) => `customer:${customerId}`,
  order: (orderId: string) => `order:${orderId}`,
};
