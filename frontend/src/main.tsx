// First: before any zod schema is built (see the module).
import "./lib/zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { startFirstPage } from "./app/first-page.ts";
import { fillFirstScreen, readFirstScreen } from "./app/first-screen.ts";
import { App } from "./app/providers.tsx";
import { preloadRouteError } from "./app/routes/RouteError.tsx";
import { preloadToasts } from "./components/ui/Toaster.tsx";
import { SHOP } from "./config/shop.ts";
import { createQueryClient } from "./lib/query-client.ts";
import { pageLoaded } from "./lib/socket.ts";
import { AssumedNarrow } from "./lib/viewport-guess.ts";
import { useSession } from "./stores/session.ts";

// The tab says the brand (index.html has the default; a build may rename the shop).
document.title = SHOP.name;

const queryClient = createQueryClient();
// The home page may come rendered by the server (app/first-screen.ts): its data is in the page.
const firstScreen = readFirstScreen(document);
if (firstScreen) fillFirstScreen(queryClient, firstScreen);
// Otherwise the first screen's code and data are asked for now, side by side, rather than one after
// the other as the router renders (on a slow phone network every round trip is half a second).
else startFirstPage(window.location.pathname, queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
const app = (
  <StrictMode>
    <AssumedNarrow value={firstScreen?.narrow ?? false}>
      <App queryClient={queryClient} />
    </AssumedNarrow>
  </StrictMode>
);
// The server renders for a visitor: one with a stored session sees their own bar, so React renders
// the page afresh over the server's (same place, same size) rather than hydrate a different one.
if (firstScreen && root.firstElementChild && !useSession.getState().user) hydrateRoot(root, app);
else createRoot(root).render(app);

// Kept out of the first page's script, asked for once the page has loaded: the error screen (at hand
// when a screen's chunk fails to load after a deploy) and the toasts' Alert.
void pageLoaded().then(() => Promise.all([preloadRouteError(), preloadToasts()]).catch(() => {}));
