import type { Page } from "@shop/contracts";
import type { InfiniteData, QueryClient, QueryKey } from "@tanstack/react-query";

// Live patches of a cached paged list (newest first), for the handler table only. A list nobody
// loaded stays unloaded.
type Paged<T> = InfiniteData<Page<T>, string | undefined>;
type WithId = { id: string };

const holds = <T extends WithId>(d: Paged<T>, id: string) =>
  d.pages.some((p) => p.items.some((i) => i.id === id));

/** The pushed item's entry takes `change` of itself; absent, nothing changes. */
export const replaceInPages = <T extends WithId>(
  queryClient: QueryClient,
  key: QueryKey,
  id: string,
  change: (old: T) => T,
): void => {
  queryClient.setQueryData<Paged<T>>(
    key,
    (d) =>
      d && {
        ...d,
        pages: d.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === id ? change(i) : i)) })),
      },
  );
};

/** The pushed item goes on top of the first page, unless the list holds it already (or `upsert` replaces it). */
export const prependToPages = <T extends WithId>(
  queryClient: QueryClient,
  key: QueryKey,
  item: T,
  { upsert = false } = {},
): void => {
  queryClient.setQueryData<Paged<T>>(key, (d) => {
    if (!d) return d;
    if (holds(d, item.id)) {
      if (!upsert) return d;
      return {
        ...d,
        pages: d.pages.map((p) => ({ ...p, items: p.items.map((i) => (i.id === item.id ? item : i)) })),
      };
    }
    const [first, ...rest] = d.pages;
    return { ...d, pages: [{ ...first, items: [item, ...(first?.items ?? [])] }, ...rest] };
  });
};
