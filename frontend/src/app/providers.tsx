import CssBaseline from "@mui/material/CssBaseline";
import { ThemeProvider } from "@mui/material/styles";
import { type QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Toaster } from "../components/ui/Toaster.tsx";
import { createQueryClient } from "../lib/query-client.ts";
import { AppBootstrap } from "./AppBootstrap.tsx";
import { LiveDispatcher } from "./live/live-dispatcher.ts";
import { AppRouter } from "./router.tsx";
import { theme } from "./theme.ts";

interface AppProvidersProps {
  children: ReactNode;
  queryClient?: QueryClient;
}

/** Everything a screen needs around it except the router (tests bring a memory router). */
export const AppProviders = ({ children, queryClient }: AppProvidersProps) => {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <LiveDispatcher />
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <Toaster />
      </ThemeProvider>
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
