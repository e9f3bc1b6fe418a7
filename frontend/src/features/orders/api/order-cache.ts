import { comparePositions, type LiveEvents, type Order } from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";

// Query keys and cache updates the app-wide socket listener needs, kept apart from the query
// hooks so the first load carries no query hook code.
export type OrdersScope = "mine" | "all";

export const orderKey = (id: string) => ["orders", "detail", id] as const;

export const ordersListKey = (scope?: OrdersScope) =>
  scope ? (["orders", "list", scope] as const) : (["orders", "list"] as const);

/** Live `order.updated` payload (API.md "Live"). */
export type OrderUpdated = LiveEvents["order.updated"];

/** Puts a pushed order into the cache unless the cache already reflects a later position. */
export const applyOrderUpdate = (queryClient: QueryClient, { position, order }: OrderUpdated): void => {
  queryClient.setQueryData<Order>(orderKey(order.id), (cached) =>
    cached && comparePositions(position, cached.position) < 0 ? cached : { ...order, position },
  );
};
