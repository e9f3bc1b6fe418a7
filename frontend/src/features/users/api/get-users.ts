import type { Page, User } from "@shop/contracts";
import {
  type InfiniteData,
  infiniteQueryOptions,
  type QueryClient,
  useInfiniteQuery,
} from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";

export const getUsers = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<User>>(withQuery("/api/users", { cursor }), signal ? { signal } : {});

export const usersKey = ["users", "list"] as const;

export const usersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: usersKey,
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useUsers = () => useInfiniteQuery(usersQueryOptions());

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
