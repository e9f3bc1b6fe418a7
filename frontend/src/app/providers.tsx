import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, Suspense, useState } from "react";
import { lazyWithMui } from "../first-screen/with-mui.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { AppBootstrap } from "./AppBootstrap.tsx";
import { LiveDispatcher } from "./live/live-dispatcher.ts";
import { AppRouter } from "./router.tsx";

// The toasts (MUI's Alert) come with the MUI scope once the page has loaded: a toast asked for
// before then shows when they have come.
const Toaster = lazyWithMui(
  () => import("../components/ui/Toaster.tsx").then((m) => ({ default: m.Toaster })),
  { afterLoad: true },
);

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/**
 * Everything a screen needs around it except the router (tests bring a memory router). No theme
 * provider: the first screen is plain elements with a stylesheet (first-screen/), which also holds
 * CssBaseline's rules; every part drawn with MUI brings the theme with it (first-screen/with-mui.tsx).
 */
export const AppProviders = ({ children, queryClient }: AppProvidersProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveDispatcher />
      {children}
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </QueryClientProvider>
  );
};

/** The whole app; main.tsx passes the query client it has already started filling (./first-page.ts). */
export const App = ({ queryClient }: { queryClient?: QueryClient }) => {
  return (
    <AppProviders {...(queryClient ? { queryClient } : {})}>
      <AppBootstrap />
      <AppRouter />
    </AppProviders>
  );
};
