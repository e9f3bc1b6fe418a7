import type { User } from "@shop/contracts";
import { QueryClient } from "@tanstack/react-query";
import { type RenderResult, render } from "@testing-library/react";
import type { ReactElement } from "react";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { AppProviders } from "../app/providers.tsx";
import { routes } from "../app/router.tsx";
import { MuiScope } from "../first-screen/mui-scope.tsx";
import { mutationDefaults } from "../lib/query-client.ts";
import { useSession } from "../stores/session.ts";

export const testQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, staleTime: Number.POSITIVE_INFINITY },
      mutations: mutationDefaults,
    },
  });

interface RenderOptions {
  /** Signs this user in first (as after a login: store and localStorage). */
  user?: User;
  queryClient?: QueryClient;
}

const signIn = (user?: User) => {
  if (user) useSession.getState().setUser(user);
};

/** The real route tree in a memory router at `path`, with the app's providers. */
export const renderApp = (path: string, options: RenderOptions = {}) => {
  signIn(options.user);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const queryClient = options.queryClient ?? testQueryClient();
  const result: RenderResult = render(
    <AppProviders queryClient={queryClient}>
      {/* The theme around the whole tree, as each screen brings it in the app (first-screen/with-mui.tsx). */}
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
};

/** One component at `/` (other paths render their path name), with the app's providers. */
export const renderWithProviders = (ui: ReactElement, options: RenderOptions = {}) => {
  signIn(options.user);
  const router = createMemoryRouter(
    [
      { path: "/", element: ui },
      { path: "*", element: <p data-testid="location">elsewhere</p> },
    ],
    { initialEntries: ["/"] },
  );
  const queryClient = options.queryClient ?? testQueryClient();
  const result = render(
    <AppProviders queryClient={queryClient}>
      {/* The theme around the whole tree, as each screen brings it in the app (first-screen/with-mui.tsx). */}
      <MuiScope>
        <RouterProvider router={router} />
      </MuiScope>
    </AppProviders>,
  );
  return { ...result, router, queryClient };
};
