import type { QueryClient } from "@tanstack/react-query";
import { promotionsQueryOptions } from "../features/promotions/api/get-promotions.ts";
import { schoolsQueryOptions } from "../features/schools/api/get-schools.ts";

/**
 * Starts what the home page shows above the fold as soon as the app's script runs, before React
 * renders: the promotions and schools the banner and the carousel show (their `useQuery` finds the
 * fetch in flight). The home screen's code is in the first chunk (./router.tsx).
 */
export const startFirstPage = (pathname: string, queryClient: QueryClient): void => {
  if (pathname !== "/") return;
  void queryClient.prefetchQuery(promotionsQueryOptions());
  void queryClient.prefetchQuery(schoolsQueryOptions());
};
