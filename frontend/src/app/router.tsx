import { lazy } from "react";
import { createBrowserRouter, type RouteObject } from "react-router-dom";
import { AppLayout } from "./routes/AppLayout.tsx";
import { RequireAuth } from "./routes/RequireAuth.tsx";
import { RouteError } from "./routes/RouteError.tsx";
import { staffRoutes } from "./routes/staff-routes.tsx";

// Each screen is its own chunk; the layout's Suspense shows progress while one loads.
const HomeRoute = lazy(() => import("./routes/HomeRoute.tsx"));
const ProductRoute = lazy(() => import("./routes/ProductRoute.tsx"));
const LoginRoute = lazy(() => import("./routes/LoginRoute.tsx"));
const SignupRoute = lazy(() => import("./routes/SignupRoute.tsx"));
const OrdersRoute = lazy(() => import("./routes/OrdersRoute.tsx"));
const OrderRoute = lazy(() => import("./routes/OrderRoute.tsx"));
const NotFoundRoute = lazy(() => import("./routes/NotFoundRoute.tsx"));

export const routes: RouteObject[] = [
  {
    element: <AppLayout />,
    errorElement: <RouteError />,
    children: [
      { index: true, element: <HomeRoute /> },
      { path: "product/:id", element: <ProductRoute /> },
      { path: "login", element: <LoginRoute /> },
      { path: "signup", element: <SignupRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "orders", element: <OrdersRoute /> },
          { path: "order/:orderId", element: <OrderRoute /> },
          ...staffRoutes,
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

export const createAppRouter = () => createBrowserRouter(routes);
