import type { OrderSummary, Page } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { type OrdersScope, ordersListKey } from "./order-cache.ts";

export { type OrdersScope, ordersListKey } from "./order-cache.ts";

export const getOrders = (scope: OrdersScope, cursor?: string, signal?: AbortSignal) =>
  api.get<Page<OrderSummary>>(withQuery("/api/orders", { scope, cursor }), signal ? { signal } : {});

export const ordersQueryOptions = (scope: OrdersScope = "mine") =>
  infiniteQueryOptions({
    queryKey: ordersListKey(scope),
    queryFn: ({ pageParam, signal }) => getOrders(scope, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useOrders = (scope: OrdersScope = "mine") => useInfiniteQuery(ordersQueryOptions(scope));
