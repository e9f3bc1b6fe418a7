import { type ApiRoute, getRoute } from "../shared/apiRoutes.ts";
import { DashboardSchema } from "./readModel.ts";

export const dashboardApi: ApiRoute[] = [
  getRoute(
    "/api/dashboard",
    "Sales figures: the last 30 IST days, schools, statuses, top books and notebooks",
    "admin",
    DashboardSchema,
  ),
];
