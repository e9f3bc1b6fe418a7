import type { RouteObject } from "react-router-dom";
import { lazyWithMui } from "../../first-screen/with-mui.tsx";

// Two chunks for the first load to know of: the admin screens split further inside AdminRoutes,
// whose own lazy imports (and their preload lists) stay out of the entry.
const AdminRoutes = lazyWithMui(() => import("./admin/AdminRoutes.tsx"));
const DeliveryRoute = lazyWithMui(() => import("./DeliveryRoute.tsx"));

/**
 * Admin and delivery screens (spec §2 "Admin screens", "Delivery page"), mounted under the
 * logged-in part of the router. Admin gating is shown on each screen; the server refuses too.
 */
export const staffRoutes: RouteObject[] = [
  { path: "admin/*", element: <AdminRoutes /> },
  { path: "delivery", element: <DeliveryRoute /> },
];
