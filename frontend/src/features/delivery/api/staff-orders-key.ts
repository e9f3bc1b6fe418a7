import type { Order, OrderSummary, Page } from "@shop/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

// The staff list's key and its live patches, apart from the query hook so the app-wide live
// dispatcher (first load) carries no query hook code.

/** Every customer's orders (admin and delivery staff), kept current by live patches, not refetches. */
export const staffOrdersKey = ["orders", "list", "staff"] as const;

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
