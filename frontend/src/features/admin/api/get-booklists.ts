import type { BookList, Page } from "@shop/contracts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export const getBookLists = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<BookList>>(withQuery("/api/booklists", { cursor }), signal ? { signal } : {});

export const bookListsKey = ["booklists", "list"] as const;

export const bookListsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookListsKey,
    queryFn: ({ pageParam, signal }) => getBookLists(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBookLists = () => useInfiniteQuery(bookListsQueryOptions());

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
