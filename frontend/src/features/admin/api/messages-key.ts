import type { Message, Page } from "@shop/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

// The messages list's key and its live patch, apart from the query hook (see staff-orders-cache.ts).

export const messagesKey = ["messages", "list"] as const;

/** A live `message.received` goes on top of the first page (newest first), once. */
export const prependMessage = (queryClient: QueryClient, message: Message): void => {
  queryClient.setQueryData<InfiniteData<Page<Message>, string | undefined>>(messagesKey, (d) => {
    if (!d || d.pages.some((p) => p.items.some((m) => m.id === message.id))) return d;
    const [first, ...rest] = d.pages;
    return { ...d, pages: [{ ...first, items: [message, ...(first?.items ?? [])] }, ...rest] };
  });
};
