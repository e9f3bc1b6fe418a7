import type { QueryClient } from "@tanstack/react-query";
import { getPromotions, promotionsQueryOptions } from "../features/promotions/api/get-promotions.ts";
import { getSchools, schoolsQueryOptions } from "../features/schools/api/get-schools.ts";
import { api } from "../lib/api-client.ts";

declare global {
  interface Window {
    /** The GETs index.html starts on the home page, by path, while this script downloads. */
    __firstRequests?: Record<string, Promise<Response>>;
  }
}

/** index.html's request for `path`, once (a retry or a refetch asks afresh). */
const takeEarly = (path: string): Promise<Response> | undefined => {
  const early = window.__firstRequests?.[path];
  if (early) delete window.__firstRequests?.[path];
  return early;
};

/**
 * The home page's above-the-fold data as soon as the app's script runs, before React renders: the
 * promotions and schools the banner and the carousel show (their `useQuery` finds the fetch in
 * flight). index.html has usually started both already, while this script downloaded; on a slow
 * phone network that is one round trip (half a second) less before the first images are asked
 * for. The home screen's code is in the first chunk (./router.tsx).
 */
export const startFirstPage = (pathname: string, queryClient: QueryClient): void => {
  if (pathname !== "/") return;
  void queryClient.prefetchQuery({
    ...promotionsQueryOptions(),
    queryFn: ({ signal }) => {
      const early = takeEarly("/api/promotions");
      return early
        ? api.adoptGet<Awaited<ReturnType<typeof getPromotions>>>("/api/promotions", early)
        : getPromotions(signal);
    },
  });
  void queryClient.prefetchQuery({
    ...schoolsQueryOptions(),
    queryFn: ({ signal }) => {
      const early = takeEarly("/api/schools");
      return early
        ? api.adoptGet<Awaited<ReturnType<typeof getSchools>>>("/api/schools", early)
        : getSchools(signal);
    },
  });
};
