import react from "@vitejs/plugin-react";
import { defineProject } from "vitest/config";

export default defineProject({
  plugins: [react()],
  test: {
    name: "frontend",
    environment: "jsdom",
    include: ["src/**/*.spec.tsx", "src/**/*.spec.ts"],
    setupFiles: ["src/testing/setup.ts"],
    // As the root config (projects run together only with the same worker count).
    maxWorkers: 4,
    // A form filled key by key through cold modules, on a 2-core machine running four workers (and
    // whatever else runs there), took over 15 s; the default 5 s was hit by load alone.
    testTimeout: 30_000,
  },
});
