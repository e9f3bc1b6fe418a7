import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createGateway } from "./gateway.ts";
import { client } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

describe("the gateway rule", () => {
  let server: Server;
  let base = "";
  const dir = mkdtempSync(join(tmpdir(), "gateway-"));
  const seen: string[] = [];

  beforeAll(async () => {
    writeFileSync(join(dir, "index.html"), "<!doctype html><title>spa</title>");
    const app = createGateway({
      command: (req, res) => {
        seen.push(`command ${req.method} ${req.url}`);
        res.json({ by: "command" });
      },
      query: (req, res) => {
        seen.push(`query ${req.method} ${req.url}`);
        res.json({ by: "query" });
      },
      health: (_req, res) => {
        res.json({ status: "ok" });
      },
      ready: (_req, res) => {
        res.status(503).json({ status: "starting" });
      },
      metrics: (_req, res) => {
        res.type("text/plain").send("# metrics");
      },
      ops: (req, res, next) => {
        if (req.path !== "/queues") return next();
        res.type("text/plain").send("queues page");
      },
      mediaDir: dir,
      spaDir: dir,
    });
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("sends GET /api/** to query-api and every other method to command-api, with the whole URL", async () => {
    const api = client(base);
    expect((await api.get("/api/orders?scope=all")).body).toEqual({ by: "query" });
    expect((await api.post("/api/orders", {})).body).toEqual({ by: "command" });
    expect((await api.put("/api/orders/x/status", {})).body).toEqual({ by: "command" });
    expect((await api.patch("/api/profile", {})).body).toEqual({ by: "command" });
    expect((await api.del("/api/products/x")).body).toEqual({ by: "command" });
    expect(seen).toEqual([
      "query GET /api/orders?scope=all",
      "command POST /api/orders",
      "command PUT /api/orders/x/status",
      "command PATCH /api/profile",
      "command DELETE /api/products/x",
    ]);
  });

  it("answers health itself and serves the SPA for any other path", async () => {
    expect((await client(base).get("/healthz")).body).toEqual({ status: "ok" });
    expect((await client(base).get("/readyz")).status).toBe(503);
    const page = await fetch(`${base}/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f`);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("<title>spa</title>");
    expect((await fetch(`${base}/media/nothing.png`)).status).toBe(404);
    mkdirSync(join(dir, "incoming"), { recursive: true });
    writeFileSync(join(dir, "incoming", "unchecked"), "not yet checked");
    expect((await fetch(`${base}/media/incoming/unchecked`)).status).toBe(404);
  });

  it("answers /metrics and /ops/** itself: an unknown operations page is a 404, not the SPA", async () => {
    expect(await (await fetch(`${base}/metrics`)).text()).toBe("# metrics");
    expect(await (await fetch(`${base}/ops/queues`)).text()).toBe("queues page");
    const unknown = await fetch(`${base}/ops/nothing`);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).not.toContain("<title>spa</title>");
  });
});

describe("health and read-your-writes on the running shop", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { READ_WAIT_MS: "200" } });
  });
  afterAll(() => shop.destroy());

  it("is alive and ready once seeded and caught up, reporting the projector lag", async () => {
    expect((await client(shop.url).get("/healthz")).body).toEqual({ status: "ok" });
    const ready = await client(shop.url).get<{ status: string; projectorLag: number }>("/readyz");
    expect(ready.status).toBe(200);
    expect(ready.body.projectorLag).toBe(0);
  });

  it("answers 503 with Retry-After when the read models stay behind the asked position", async () => {
    const res = await client(shop.url).get("/api/products", { "x-min-position": "999999999" });
    expect(res.status).toBe(503);
    expect(res.headers.get("retry-after")).toBe("1");
    expect((await client(shop.url).get("/api/products", { "x-min-position": "abc" })).status).toBe(400);
  });

  it("answers unknown API paths with problem+json, never the SPA", async () => {
    const res = await client(shop.url).get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.headers.get("content-type")).toMatch(/problem\+json/);
  });
});
