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
    // A render through cold modules on a busy 2-core machine (the suite runs four workers) takes
    // seconds; the default 5 s was hit by load alone.
    testTimeout: 15_000,
  },
});
