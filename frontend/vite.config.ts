import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = "http://localhost:3000";

export default defineConfig({
  plugins: [react()],
  server: {
    proxy: {
      "/api": backend,
      "/media": backend,
      "/healthz": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  preview: {
    proxy: {
      "/api": backend,
      "/media": backend,
      "/healthz": backend,
      "/socket.io": { target: backend, ws: true },
    },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    target: "es2022",
    // Every browser this targets preloads modules natively; older ones simply load lazily.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      // contracts only declares constants and zod schemas: modules this app does not use (most of the
      // event schemas) can be dropped, keeping zod out of the first load.
      treeshake: { moduleSideEffects: [{ test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
