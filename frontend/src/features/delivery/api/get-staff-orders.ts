import type { OrderSummary, Page } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { staffOrdersKey } from "./staff-orders-key.ts";

export const getStaffOrders = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<OrderSummary>>(withQuery("/api/orders", { scope: "all", cursor }), signal ? { signal } : {});

export const staffOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: staffOrdersKey,
    queryFn: ({ pageParam, signal }) => getStaffOrders(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useStaffOrders = () => useInfiniteQuery(staffOrdersQueryOptions());
