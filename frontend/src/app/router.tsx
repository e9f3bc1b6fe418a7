import { BrowserRouter, type RouteObject, useRoutes } from "react-router-dom";
import { lazyWithMui } from "../first-screen/with-mui.tsx";
import { AppLayout } from "./routes/AppLayout.tsx";
import HomeRoute from "./routes/HomeRoute.tsx";
import { RequireAuth } from "./routes/RequireAuth.tsx";
import { RouteErrorBoundary } from "./routes/RouteError.tsx";
import { staffRoutes } from "./routes/staff-routes.tsx";

// Each screen is its own chunk, loaded with the MUI scope (the first screen is drawn without MUI:
// first-screen/with-mui.tsx); the layout's Suspense shows progress while one loads. The home
// page is the exception: most visits start there, and as a chunk of its own (with the ~20 small
// chunks it shares with other screens) it cost a slow phone two more round trips before its first
// image was asked for (a browser fetches 6 files at a time over HTTP/1.1).
const ProductRoute = lazyWithMui(() => import("./routes/ProductRoute.tsx"));
const SchoolRoute = lazyWithMui(() => import("./routes/SchoolRoute.tsx"));
const SearchRoute = lazyWithMui(() => import("./routes/SearchRoute.tsx"));
const ViewAllBooksRoute = lazyWithMui(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.ViewAllBooksRoute })),
);
const StationeriesRoute = lazyWithMui(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.StationeriesRoute })),
);
const NotebooksRoute = lazyWithMui(() =>
  import("./routes/CatalogueListRoutes.tsx").then((m) => ({ default: m.NotebooksRoute })),
);
const LoginRoute = lazyWithMui(() => import("./routes/LoginRoute.tsx"));
const SignupRoute = lazyWithMui(() => import("./routes/SignupRoute.tsx"));
const ContactUsRoute = lazyWithMui(() => import("./routes/ContactUsRoute.tsx"));
const UploadBookListRoute = lazyWithMui(() => import("./routes/UploadBookListRoute.tsx"));
const CartRoute = lazyWithMui(() => import("./routes/CartRoute.tsx"));
const ProfileRoute = lazyWithMui(() => import("./routes/ProfileRoute.tsx"));
const OrdersRoute = lazyWithMui(() => import("./routes/OrdersRoute.tsx"));
const OrderRoute = lazyWithMui(() => import("./routes/OrderRoute.tsx"));
const PdfRoute = lazyWithMui(() => import("./routes/PdfRoute.tsx"));
const NotFoundRoute = lazyWithMui(() => import("./routes/NotFoundRoute.tsx"));

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
