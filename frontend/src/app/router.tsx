import { lazy } from "react";
import { BrowserRouter, type RouteObject, useRoutes } from "react-router-dom";
import { AppLayout } from "./routes/AppLayout.tsx";
import HomeRoute from "./routes/HomeRoute.tsx";
import { RequireAuth } from "./routes/RequireAuth.tsx";
import { RouteErrorBoundary } from "./routes/RouteError.tsx";
import { staffRoutes } from "./routes/staff-routes.tsx";

// Each screen is its own chunk; the layout's Suspense shows progress while one loads. The home
// page is the exception: most visits start there, and as a chunk of its own (with the ~20 small
// chunks it shares with other screens) it cost a slow phone two more round trips before its first
// image was asked for (a browser fetches 6 files at a time over HTTP/1.1).
const ProductRoute = lazy(() => import("./routes/ProductRoute.tsx"));
const SchoolRoute = lazy(() => import("./routes/SchoolRoute.tsx"));
const SearchRoute = lazy(() => import("./routes/SearchRoute.tsx"));
const ViewAllBooksRoute = lazy(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.ViewAllBooksRoute })),
);
const StationeriesRoute = lazy(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.StationeriesRoute })),
);
const NotebooksRoute = lazy(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.NotebooksRoute })),
);
const LoginRoute = lazy(() => import("./routes/LoginRoute.tsx"));
const SignupRoute = lazy(() => import("./routes/SignupRoute.tsx"));
const ContactUsRoute = lazy(() => import("./routes/ContactUsRoute.tsx"));
const UploadBookListRoute = lazy(() => import("./routes/UploadBookListRoute.tsx"));
const CartRoute = lazy(() => import("./routes/CartRoute.tsx"));
const ProfileRoute = lazy(() => import("./routes/ProfileRoute.tsx"));
const OrdersRoute = lazy(() => import("./routes/OrdersRoute.tsx"));
const OrderRoute = lazy(() => import("./routes/OrderRoute.tsx"));
const PdfRoute = lazy(() => import("./routes/PdfRoute.tsx"));
const NotFoundRoute = lazy(() => import("./routes/NotFoundRoute.tsx"));

export const routes: RouteObject[] = [
  {
    element: (
      <RouteErrorBoundary>
        <AppLayout />
      </RouteErrorBoundary>
    ),
    children: [
      { index: true, element: <HomeRoute /> },
      { path: "search/:searchId?", element: <SearchRoute /> },
      { path: "school/:id", element: <SchoolRoute /> },
      { path: "product/:id", element: <ProductRoute /> },
      { path: "stationery/:id", element: <ProductRoute /> },
      { path: "viewallBooks", element: <ViewAllBooksRoute /> },
      { path: "stationeries", element: <StationeriesRoute /> },
      { path: "notebooks", element: <NotebooksRoute /> },
      { path: "uploadBookList", element: <UploadBookListRoute /> },
      { path: "contact-us", element: <ContactUsRoute /> },
      { path: "login", element: <LoginRoute /> },
      { path: "signup", element: <SignupRoute /> },
      {
        element: <RequireAuth />,
        children: [
          { path: "orders", element: <OrdersRoute /> },
          { path: "order/:orderId", element: <OrderRoute /> },
          { path: "cart", element: <CartRoute /> },
          { path: "profile", element: <ProfileRoute /> },
          { path: "pdf", element: <PdfRoute /> },
          ...staffRoutes,
        ],
      },
      { path: "*", element: <NotFoundRoute /> },
    ],
  },
];

/** The routes without a router around them (the server renders them in a StaticRouter). */
export const AppRoutes = () => useRoutes(routes);

/**
 * The route tree in a browser router. Declarative rather than a data router
 * (`createBrowserRouter`): no screen uses loaders, actions or fetchers, and the data router's
 * code was ~55 kB of the first page's script (15 kB brotli). Navigations are React transitions
 * either way; a screen that throws shows RouteError (./routes/RouteError.tsx).
 */
export const AppRouter = () => (
  <BrowserRouter>
    <AppRoutes />
  </BrowserRouter>
);
