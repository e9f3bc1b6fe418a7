import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { sourceFiles, violations } from "./importRules.ts";

const root = fileURLToPath(new URL("..", import.meta.url));

describe("what may import what (ARCHITECTURE.md)", () => {
  it("holds for every source and test file of the shop", () => {
    const files = sourceFiles(root);
    expect(files.length).toBeGreaterThan(500);
    expect(violations(files)).toEqual([]);
  });

  it("names each import that breaks a rule, with the rule", () => {
    const found = violations([
      { path: "query-api/src/orders/routes.ts", source: 'import { orderView } from "@shop/projector";' },
      { path: "projector/src/x.ts", source: 'export { createCommandApi } from "@shop/command-api";' },
      { path: "platform/src/x.ts", source: 'const q = await import("@shop/query-api");' },
      { path: "contracts/src/x.ts", source: 'import { v5 } from "uuid";\nimport { z } from "zod";' },
      { path: "contracts/src/y.ts", source: 'import { createHash } from "node:crypto";' },
      { path: "frontend/src/x.tsx", source: 'import type { EventStore } from "@shop/platform";' },
      { path: "workers/src/x.ts", source: 'import { Queues } from "../../contracts/src/shared/jobs.ts";' },
      { path: "contracts/src/shared/x.ts", source: 'import { Order } from "../orders/readModel.ts";' },
      { path: "contracts/src/carts/x.ts", source: 'import { LiveEvents } from "../shop/live.ts";' },
      { path: "contracts/src/shop/x.ts", source: 'import { Order } from "../orders/readModel.ts";' },
      { path: "command-api/src/x.spec.ts", source: 'import { startTestShop } from "@shop/standalone";' },
      { path: "command-api/src/x.ts", source: 'import { startTestShop } from "@shop/standalone";' },
    ]);
    expect(found).toEqual([
      'query-api/src/orders/routes.ts: imports "@shop/projector" — a service imports another service',
      'projector/src/x.ts: imports "@shop/command-api" — a service imports another service',
      'platform/src/x.ts: imports "@shop/query-api" — platform imports a service or the shop',
      'contracts/src/x.ts: imports "uuid" — contracts imports zod only',
      'contracts/src/y.ts: imports "node:crypto" — contracts imports zod only',
      'frontend/src/x.tsx: imports "@shop/platform" — the frontend imports platform or a service',
      'workers/src/x.ts: imports "../../contracts/src/shared/jobs.ts" — reaches into another package by a relative path',
      'contracts/src/shared/x.ts: imports "../orders/readModel.ts" — contracts\' shared/ imports a context',
      'contracts/src/carts/x.ts: imports "../shop/live.ts" — a context imports what assembles the contexts',
      'command-api/src/x.ts: imports "@shop/standalone" — command-api may import contracts, platform only',
    ]);
  });
});
