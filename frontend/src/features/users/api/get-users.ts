import type { Page, User } from "@shop/contracts";
import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { api, withQuery } from "../../../lib/api-client.ts";
import { usersKey } from "./users-key.ts";

export const getUsers = (cursor?: string, signal?: AbortSignal) =>
  api.get<Page<User>>(withQuery("/api/users", { cursor }), signal ? { signal } : {});

export const usersQueryOptions = () =>
  infiniteQueryOptions({
    queryKey: usersKey,
    queryFn: ({ pageParam, signal }) => getUsers(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor,
  });

export const useUsers = () => useInfiniteQuery(usersQueryOptions());
