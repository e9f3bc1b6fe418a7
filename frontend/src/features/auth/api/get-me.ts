import type { User } from "@shop/contracts";
import { queryOptions } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";

/** GET /api/auth/session: the session's user, or null for a visitor (200 either way, no console error). */
export const getSession = (signal?: AbortSignal): Promise<{ user: User | null }> =>
  api.get<{ user: User | null }>("/api/auth/session", signal ? { signal } : {});

export const meQueryOptions = () =>
  queryOptions({
    queryKey: ["auth", "session"],
    queryFn: ({ signal }) => getSession(signal),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
