import type { Order } from "@shop/contracts";
import { queryOptions, useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { orderKey } from "./order-cache.ts";

export { applyOrderUpdate, type OrderUpdated, orderKey } from "./order-cache.ts";

export const getOrder = (id: string, signal?: AbortSignal) =>
  api.get<Order>(`/api/orders/${encodeURIComponent(id)}`, signal ? { signal } : {});

export const orderQueryOptions = (id: string) =>
  queryOptions({
    queryKey: orderKey(id),
    queryFn: ({ signal }) => getOrder(id, signal),
  });

export const useOrder = (id: string) => useQuery(orderQueryOptions(id));
