// First: before any zod schema is built (see the module).
import "./lib/zod-without-eval.ts";
import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./app/providers.tsx";

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root");
createRoot(root).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
