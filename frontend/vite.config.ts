import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression, defineAlgorithm } from "vite-plugin-compression2";

const backend = "http://localhost:3000";

export default defineConfig({
  plugins: [
    react(),
    // Pre-compressed copies beside each asset (x.js.br, x.js.gz): the standalone and nginx send them
    // as they are, so no request pays for compression and the bytes are the best each codec gives.
    compression({
      include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
      threshold: 1024,
      algorithms: [defineAlgorithm("brotliCompress"), defineAlgorithm("gzip", { level: 9 })],
    }),
  ],
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
      output: {
        // Everything the first page runs in one file rather than a dozen small shared ones: a browser
        // on HTTP/1.1 fetches 6 files at a time, so each further batch costs a slow phone another
        // round trip (half a second) before the page can even render. Lazy screens stay split.
        codeSplitting: { groups: [{ name: "initial", tags: ["$initial"] }] },
      },
    },
  },
});
