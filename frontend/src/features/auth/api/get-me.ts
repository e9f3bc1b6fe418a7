import type { User } from "@shop/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

export const getMe = (signal?: AbortSignal): Promise<{ user: User }> =>
  api.get<{ user: User }>("/api/auth/me", signal ? { signal } : {});

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "me"],
    queryFn: ({ signal }) => getMe(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
