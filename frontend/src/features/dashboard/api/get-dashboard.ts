import type { Dashboard } from "@shop/contracts";
import { useQuery } from "@tanstack/react-query";
import { api } from "../../../lib/api-client.ts";
import { patchDashboard } from "./dashboard-cache.ts";
import { dashboardKey, provideDashboardPatch } from "./dashboard-key.ts";

provideDashboardPatch(patchDashboard);

export const getDashboard = (signal?: AbortSignal) =>
  api.get<Dashboard>("/api/dashboard", signal ? { signal } : {});

/** Fetched once; the admin room's `dashboard.updated` keeps it current (app/live/handlers.ts). */
export const useDashboard = () =>
  useQuery({ queryKey: dashboardKey, queryFn: ({ signal }) => getDashboard(signal), staleTime: 60_000 });
