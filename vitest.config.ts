import { configDefaults, defineConfig } from "vitest/config";

const backend = ["contracts", "platform", "command-api", "query-api", "projector", "workers", "standalone"];

// One project per workspace and test kind: `.unit.spec.ts` (pure), `.int.spec.ts` (real adapters),
// `.e2e.spec.ts` (browser). `npm run test:unit` etc. pick them by name.
export default defineConfig({
  test: {
    // Most int files wait on sockets, fsyncs and timers rather than the CPU: on the 2-core CI machine
    // two workers kept it under half busy (standalone int + security: 371 s with 2, 230 s with 4).
    maxWorkers: 4,
    reporters: ["default", ["json", { outputFile: "test-results/vitest.json" }]],
    projects: [
      ...backend.flatMap((ws) => [
        { test: { name: `${ws}:unit`, root: ws, include: ["src/**/*.unit.spec.ts"], environment: "node" } },
        {
          test: {
            name: `${ws}:int`,
            root: ws,
            include: ["src/**/*.int.spec.ts"],
            // The security suite is a project of its own (below).
            exclude: [...configDefaults.exclude, ...(ws === "standalone" ? ["src/security/**"] : [])],
            environment: "node",
            testTimeout: 30_000,
            hookTimeout: 60_000,
          },
        },
      ]),
      {
        // One regression test per finding of the outside attacks, plus the authorisation matrix,
        // hostile input, uploads and secrets scans: `npm run test:security`.
        test: {
          name: "security",
          root: "standalone",
          include: ["src/security/**/*.int.spec.ts"],
          environment: "node",
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      // What may import what across the packages (scripts/importRules.ts, ARCHITECTURE.md).
      { test: { name: "repo:unit", root: ".", include: ["scripts/**/*.unit.spec.ts"], environment: "node" } },
      "frontend/vitest.config.ts",
      {
        test: {
          name: "e2e",
          root: "e2e",
          include: ["src/**/*.e2e.spec.ts"],
          environment: "node",
          testTimeout: 120_000,
          hookTimeout: 180_000,
          fileParallelism: false,
        },
      },
    ],
  },
});
