import type { OrderSummary, Page } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { ordersListKey } from "../../orders/api/order-cache.ts";
import { cleanFilters, hasFilters, type OrderFilterValues } from "../../orders/api/order-filters.ts";
import { staffOrdersKey } from "./staff-orders-key.ts";

export const getStaffOrders = (filters: OrderFilterValues, cursor?: string, signal?: AbortSignal) =>
  api.get<Page<OrderSummary>>(
    withQuery("/api/orders", { scope: "all", ...cleanFilters(filters), cursor }),
    signal ? { signal } : {},
  );

/**
 * The unfiltered list is patched live (staffOrdersKey); a filtered one sits under the "all" orders
 * key, which every live order event refetches (a pushed order may or may not match the filters).
 */
export const staffOrdersQueryOptions = (filters: OrderFilterValues = {}) =>
  infiniteQueryOptions({
    queryKey: hasFilters(filters) ? [...ordersListKey("all"), cleanFilters(filters)] : staffOrdersKey,
    queryFn: ({ pageParam, signal }) => getStaffOrders(filters, pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useStaffOrders = (filters: OrderFilterValues = {}) =>
  useInfiniteQuery(staffOrdersQueryOptions(filters));
