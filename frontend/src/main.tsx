// First: before any zod schema is built (see the module).
import "./lib/zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/providers.tsx";
import { SHOP } from "./config/shop.ts";

// The tab says the brand (index.html has the default; a build may rename the shop).
document.title = SHOP.name;

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
