import type { OrderChanges, OrderSummary, Page } from "@shop/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";
import { staffOrdersKey } from "./staff-orders-key.ts";

type Paged = InfiniteData<Page<OrderSummary>, string | undefined>;

/**
 * Puts what a reconnected page missed into the staff list: changed rows take their new summary,
 * new orders go on top (newest first). Answers the orders new to the list.
 */
export const applyMissed = (queryClient: QueryClient, changes: OrderChanges): OrderSummary[] => {
  const list = queryClient.getQueryData<Paged>(staffOrdersKey);
  const known = new Set(list?.pages.flatMap((p) => p.items.map((o) => o.id)) ?? []);
  const fresh = changes.items.filter((o) => !known.has(o.id));
  if (changes.more) {
    void queryClient.invalidateQueries({ queryKey: staffOrdersKey });
    return fresh;
  }
  const byId = new Map(changes.items.map((o) => [o.id, o]));
  queryClient.setQueryData<Paged>(staffOrdersKey, (d) => {
    if (!d) return d;
    const pages = d.pages.map((p) => ({ ...p, items: p.items.map((o) => byId.get(o.id) ?? o) }));
    const [first, ...rest] = pages;
    const newestFirst = [...fresh].sort((a, b) => b.placedAt.localeCompare(a.placedAt));
    return { ...d, pages: [{ ...first, items: [...newestFirst, ...(first?.items ?? [])] }, ...rest] };
  });
  return fresh;
};
