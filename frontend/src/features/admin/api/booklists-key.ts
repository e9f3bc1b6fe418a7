import type { BookList, Page } from "@shop/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

// The book lists' key and their live patch, apart from the query hook (see staff-orders-cache.ts).

export const bookListsKey = ["booklists", "list"] as const;

/** `booklist.uploaded` adds on top (newest first); `booklist.updated` replaces the entry in place. */
export const upsertBookList = (queryClient: QueryClient, booklist: BookList): void => {
  queryClient.setQueryData<InfiniteData<Page<BookList>, string | undefined>>(bookListsKey, (d) => {
    if (!d) return d;
    const known = d.pages.some((p) => p.items.some((b) => b.id === booklist.id));
    if (known)
      return {
        ...d,
        pages: d.pages.map((p) => ({
          ...p,
          items: p.items.map((b) => (b.id === booklist.id ? booklist : b)),
        })),
      };
    const [first, ...rest] = d.pages;
    return { ...d, pages: [{ ...first, items: [booklist, ...(first?.items ?? [])] }, ...rest] };
  });
};
