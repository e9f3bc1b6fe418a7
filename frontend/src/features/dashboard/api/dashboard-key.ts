import type { LiveEvents } from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";

// The query key the app-wide live dispatcher patches (app/live/handlers.ts), apart from the query
// hook so the first load carries no query hook code.

export const dashboardKey = ["dashboard"] as const;

type Patch = (queryClient: QueryClient, update: LiveEvents["dashboard.updated"]) => void;
let patch: Patch | undefined;

/**
 * The dashboard's chunk hands in how an update patches its figures when it loads (get-dashboard.ts):
 * before that no dashboard is in the cache and there is nothing to patch, so the first load
 * carries none of that code.
 */
export const provideDashboardPatch = (p: Patch): void => {
  patch = p;
};
export const patchDashboardLive: Patch = (queryClient, update) => patch?.(queryClient, update);
