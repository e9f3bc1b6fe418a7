import type { Page, User } from "@shop/contracts";
import type { InfiniteData, QueryClient } from "@tanstack/react-query";

// The users list's key and its live patch, apart from the query hook (see staff-orders-cache.ts).

export const usersKey = ["users", "list"] as const;

/** `user.updated` (a profile or a role): the row takes the new user. */
export const replaceUser = (queryClient: QueryClient, user: User): void => {
  queryClient.setQueryData<InfiniteData<Page<User>, string | undefined>>(usersKey, (d) =>
    d
      ? {
          ...d,
          pages: d.pages.map((p) => ({ ...p, items: p.items.map((u) => (u.id === user.id ? user : u)) })),
        }
      : d,
  );
};
