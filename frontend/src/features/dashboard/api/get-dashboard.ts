import type { Dashboard } from "@shop/contracts";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { api } from "../../../lib/api-client.ts";
import { subscribe } from "../../../lib/socket.ts";
import { patchDashboard } from "./dashboard-cache.ts";
import { dashboardKey, provideDashboardPatch } from "./dashboard-key.ts";

provideDashboardPatch(patchDashboard);

export const getDashboard = (signal?: AbortSignal) =>
  api.get<Dashboard>("/api/dashboard", signal ? { signal } : {});

/**
 * Fetched once; the admin room's `dashboard.updated` keeps it current (app/live/handlers.ts), and
 * after a lost connection it is fetched again (the updates missed meanwhile are in the answer).
 */
export const useDashboard = () => {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribe("connect", () => {
        if (queryClient.getQueryData(dashboardKey) !== undefined)
          void queryClient.invalidateQueries({ queryKey: dashboardKey });
      }),
    [queryClient],
  );
  return useQuery({
    queryKey: dashboardKey,
    queryFn: ({ signal }) => getDashboard(signal),
    staleTime: 60_000,
  });
};
