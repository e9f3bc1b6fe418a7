import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCommandApiService } from "@shop/command-api";
import { loadConfig, type RunningService } from "@shop/platform";
import { startProjectorService } from "@shop/projector";
import { startQueryApiService } from "@shop/query-api";
import { startWorkersService } from "@shop/workers";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { type RawAnswer, rawRequest } from "./rawRequest.ts";
import { reportFinding } from "./report.ts";

const BAD: [string, string, string?, string?][] = [
  ["GET", "/media/books/nope.png"],
  ["GET", "/media/%E0%A4%A"],
  ["GET", "/media/books/%E0%A4%A.png"],
  ["GET", "/media/books/..%2f..%2fpackage.json"],
  ["GET", "/media/"],
  ["GET", "/media"],
  ["GET", "/media/books"],
  ["GET", "/api/products/%E0%A4%A"],
  ["GET", "/api/%E0%A4%A"],
  ["POST", "/api/auth/login", '{"email":', "application/json"],
  ["POST", "/api/auth/login", "x".repeat(200_000), "application/json"],
  ["POST", "/api/auth/%E0%A4%A", "{}", "application/json"],
  ["GET", "/ops/%E0%A4%A"],
  ["GET", "/ops/%E0%A4%A/x"],
  ["DELETE", "/healthz/%E0"],
];

/** What an answer may never show: an HTML error page, a stack trace or a file path. */
const leaks = (a: RawAnswer): string[] =>
  [
    /<(!doctype|html|pre|body)/i.test(a.body) && "html",
    /\bat [\w.<>]+ \(|node:internal|Error: /.test(a.body) && "stack",
    /\/(work|home|tmp|usr)\/|node_modules|\.ts:\d/.test(a.body) && "path",
    a.status >= 500 && "5xx",
    a.body.length > 0 &&
      !/^(application\/problem\+json|text\/plain|application\/json)/.test(a.type) &&
      a.type,
  ].filter((x): x is string => Boolean(x));

describe("finding 11: no Express HTML error pages, stack traces or file paths", () => {
  let shop: TestShop;
  const services: RunningService[] = [];
  const dirs: string[] = [];
  beforeAll(async () => {
    shop = await startTestShop();
    for (const start of [
      startCommandApiService,
      startQueryApiService,
      startProjectorService,
      startWorkersService,
    ]) {
      const dataDir = mkdtempSync(join(tmpdir(), "svc-"));
      dirs.push(dataDir);
      services.push(await start(loadConfig({ PORT: "0", DATA_DIR: dataDir, LOG_LEVEL: "silent" })));
    }
  });
  afterAll(async () => {
    await Promise.all(services.map((s) => s.close()));
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
    await shop.destroy();
  });

  it("answers bad media, URL and body requests with problem+json or a plain 404, in the standalone and each service", async () => {
    const targets = [
      { name: "standalone", port: shop.port },
      { name: "command-api", port: services[0]?.port ?? 0 },
      { name: "query-api", port: services[1]?.port ?? 0 },
      { name: "projector", port: services[2]?.port ?? 0 },
      { name: "workers", port: services[3]?.port ?? 0 },
    ];
    const found: string[] = [];
    for (const t of targets) {
      for (const [method, path, body, type] of BAD) {
        const answer = await rawRequest(t.port, method, path, body, type);
        const bad = leaks(answer);
        if (bad.length) found.push(`${t.name} ${method} ${path} → ${answer.status} ${bad.join("+")}`);
      }
    }
    expect(found).toEqual([]);
    reportFinding(
      "11 error pages",
      `${BAD.length} malformed media paths, URLs and bodies on the standalone and each service (command-api, query-api, projector, workers)`,
      "every answer problem+json or plain text, no HTML, stack or path, no 5xx",
    );
  });
});
