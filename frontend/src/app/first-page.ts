import type { QueryClient } from "@tanstack/react-query";
import { promotionsQueryOptions } from "../features/promotions/api/get-promotions.ts";
import { schoolsQueryOptions } from "../features/schools/api/get-schools.ts";

/**
 * Starts what the home page needs above the fold as soon as the app's script runs: the screen's
 * chunk (the router's `lazy` import finds it already loading) and the promotions and schools the
 * banner and the carousel show (their `useQuery` finds the fetch in flight). Without this each
 * waits for the one before: the chunk, then its render, then the requests, then the images.
 * Any other page loads as before.
 */
export const startFirstPage = (pathname: string, queryClient: QueryClient): void => {
  if (pathname !== "/") return;
  void import("./routes/HomeRoute.tsx");
  void queryClient.prefetchQuery(promotionsQueryOptions());
  void queryClient.prefetchQuery(schoolsQueryOptions());
};
