import type { Message, Page } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { messagesKey } from "./messages-key.ts";

export const getMessages = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<Message>>(withQuery("/api/messages", { cursor }), signal ? { signal } : {});

export const messagesQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: messagesKey,
    queryFn: ({ pageParam, signal }) => getMessages(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useMessages = () => useInfiniteQuery(messagesQueryOptions());
