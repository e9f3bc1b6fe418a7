import type { Order } from "@shop/contracts";
import { type QueryClient, queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { comparePositions } from "../../../lib/position.ts";

export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, signal ? { signal } : {});

export const orderKey = (id: string) => ["orders", "detail", id] as const;

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));

/** Live `order.updated` payload (API.md "Live"). */
export interface OrderUpdated {
  position: string;
  order: Order;
}

/** Puts a pushed order into the cache unless the cache already reflects a later position. */
export const applyOrderUpdate = (queryClient: QueryClient, { position, order }: OrderUpdated): void => {
  queryClient.setQueryData<Order>(orderKey(order.id), (cached) =>
    cached && comparePositions(position, cached.position) < 0 ? cached : { ...order, position },
  );
};
