import type { RouteObject } from "react-router-dom";

/**
 * Admin and delivery screens (spec §2 "Admin screens", "Delivery page"), mounted under the
 * logged-in part of the router. Admin gating is shown on each screen; the server refuses too.
 */
export const staffRoutes: RouteObject[] = [];
