import type { Order, OrderSummary, Page } from "@shop/contracts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export const getStaffOrders = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<OrderSummary>>(withQuery("/api/orders", { scope: "all", cursor }), signal ? { signal } : {});

/** Every customer's orders (admin and delivery staff); under `orders/list`, refreshed with the others. */
export const staffOrdersKey = ["orders", "list", "staff"] as const;

export const staffOrdersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: staffOrdersKey,
    queryFn: ({ pageParam, signal }) => getStaffOrders(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useStaffOrders = () => useInfiniteQuery(staffOrdersQueryOptions());

type Cached = InfiniteData<Page<OrderSummary>, string | undefined>;

/** `order.placed`: the new order goes on top of the list (newest first) unless it is there already. */
export const insertPlacedOrder = (queryClient: QueryClient, order: OrderSummary): void => {
  queryClient.setQueryData<Cached>(staffOrdersKey, (d) => {
    if (!d || d.pages.some((p) => p.items.some((o) => o.id === order.id))) return d;
    const [first, ...rest] = d.pages;
    return { ...d, pages: [{ ...first, items: [order, ...(first?.items ?? [])] }, ...rest] };
  });
};

/** `order.updated`: the row takes the order's new summary fields (status above all). */
export const updateListedOrder = (queryClient: QueryClient, order: Order): void => {
  const { items: _items, totals: _totals, timeline: _timeline, position: _position, ...summary } = order;
  queryClient.setQueryData<Cached>(staffOrdersKey, (d) =>
    d
      ? {
          ...d,
          pages: d.pages.map((p) => ({
            ...p,
            items: p.items.map((o) => (o.id === order.id ? { ...o, ...summary } : o)),
          })),
        }
      : d,
  );
};
