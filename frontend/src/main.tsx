// First: before any zod schema is built (see the module).
import "./lib/zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { startFirstPage } from "./app/first-page.ts";
import { App } from "./app/providers.tsx";
import { SHOP } from "./config/shop.ts";
import { createQueryClient } from "./lib/query-client.ts";

// The tab says the brand (index.html has the default; a build may rename the shop).
document.title = SHOP.name;

// The first screen's code and data are asked for now, side by side, rather than one after the
// other as the router renders (on a slow phone network every round trip is half a second).
const queryClient = createQueryClient();
startFirstPage(window.location.pathname, queryClient);

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App queryClient={queryClient} />
  </StrictMode>,
);
