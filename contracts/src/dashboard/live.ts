import type { DayFigures, ProductFigures, SchoolFigures, TotalsFigures } from "./readModel.ts";

/**
 * `dashboard.updated` goes to `role:admin` after every event that moves a figure: the figures it
 * changed, whole (not deltas), so applying one twice changes nothing.
 */
export interface DashboardLive {
  "dashboard.updated": {
    position: string;
    totals?: TotalsFigures;
    day?: DayFigures;
    schools?: SchoolFigures[];
    products?: ProductFigures[];
  };
}
