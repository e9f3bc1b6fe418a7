import type { Message, Page } from "@shop/contracts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export const getMessages = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<Message>>(withQuery("/api/messages", { cursor }), signal ? { signal } : {});

export const messagesKey = ["messages", "list"] as const;

export const messagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messagesKey,
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMessages = () => useInfiniteQuery(messagesQueryOptions());

/** A live `message.received` goes on top of the first page (newest first), once. */
export const prependMessage = (queryClient: QueryClient, message: Message): void => {
  queryClient.setQueryData<InfiniteData<Page<Message>, string | undefined>>(messagesKey, (d) => {
    if (!d || d.pages.some((p) => p.items.some((m) => m.id === message.id))) return d;
    const [first, ...rest] = d.pages;
    return { ...d, pages: [{ ...first, items: [message, ...(first?.items ?? [])] }, ...rest] };
  });
};
