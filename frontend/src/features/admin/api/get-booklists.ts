import type { BookList, Page } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { bookListsKey } from "./booklists-key.ts";

export const getBookLists = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<BookList>>(withQuery("/api/booklists", { cursor }), signal ? { signal } : {});

export const bookListsQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: bookListsKey,
    queryFn: ({ pageParam, signal }) => getBookLists(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useBookLists = () => useInfiniteQuery(bookListsQueryOptions());
