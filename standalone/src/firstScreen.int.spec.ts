import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import express from "express";
import pino from "pino";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { serveFirstScreen } from "./firstScreen.ts";

const INDEX = `<!doctype html><html><head><title>Shop</title>
<link rel="preload" href="/api/promotions" as="fetch" crossorigin="use-credentials" />
<script src="/first-requests.js"></script></head><body><div id="root"></div></body></html>`;

// A renderer as the build makes one (plain ESM), counting its renders; it fails for a school named "boom".
const RENDERER = `export const renderFirstScreen = async (screen) => {
  globalThis.__renders = (globalThis.__renders ?? 0) + 1;
  if (screen.schools.items.some((s) => s.name === "boom")) throw new Error("render failed");
  return {
    styles: '<style data-emotion="css x">.x{}</style>',
    html: '<div class="x">' + screen.schools.items.map((s) => s.name).join(",") + (screen.narrow ? " narrow" : " wide") + "</div>",
    data: JSON.stringify(screen).replace(/</g, "\\\\u003c"),
  };
};`;

const renders = () => (globalThis as { __renders?: number }).__renders ?? 0;

describe("GET / with the first screen rendered in", () => {
  const dir = mkdtempSync(join(tmpdir(), "first-screen-"));
  const spaDir = join(dir, "dist");
  let schools: { status: number; items: { name: string }[]; hang?: boolean } = { status: 200, items: [] };
  let asked = 0;
  let servers: Server[] = [];
  let api = "";
  let shop = "";
  let firstScreen: ReturnType<typeof serveFirstScreen> | undefined;

  const listen = (app: express.Express) =>
    new Promise<string>((resolve) => {
      const server = app.listen(0, "127.0.0.1", () =>
        resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`),
      );
      servers.push(server);
    });

  // By default every visit asks again (answersFreshMs 0), so a change shows on the next one.
  const start = async (
    rendererFile: string,
    opts: { answersFreshMs?: number; answerTimeoutMs?: number } = {},
  ) => {
    const app = express();
    firstScreen = serveFirstScreen({
      spaDir,
      rendererFile,
      origin: () => api,
      logger: pino({ level: "silent" }),
      answersFreshMs: 0,
      ...opts,
    });
    app.get("/", firstScreen);
    app.use((_req, res) => {
      res.type("html").send(INDEX);
    });
    shop = await listen(app);
  };

  beforeAll(async () => {
    mkdirSync(spaDir);
    writeFileSync(join(spaDir, "index.html"), INDEX);
    writeFileSync(join(dir, "renderer.mjs"), RENDERER);
    const answers = express();
    answers.get("/api/promotions", (_req, res) => {
      res.json({ items: [] });
    });
    answers.get("/api/schools", (_req, res) => {
      asked += 1;
      // A read side that never answers (stuck under a fault): the request is left open.
      if (schools.hang) return;
      res.status(schools.status).json({ items: schools.items });
    });
    api = await listen(answers);
  });
  afterAll(async () => {
    await Promise.all(
      servers.map((s) => {
        const closed = new Promise((r) => s.close(r));
        s.closeAllConnections();
        return closed;
      }),
    );
    servers = [];
    rmSync(dir, { recursive: true, force: true });
  });
  beforeEach(() => {
    schools = { status: 200, items: [{ name: "Delhi Public School" }] };
  });

  const get = async (headers: Record<string, string> = {}) => {
    const res = await fetch(`${shop}/`, { headers });
    return { res, text: await res.text() };
  };

  it("renders the current answers once per change and screen guess, compressed, never cached by others", async () => {
    await start(join(dir, "renderer.mjs"));
    const first = await get({ "accept-encoding": "br" });
    expect(first.res.headers.get("content-encoding")).toBe("br");
    expect(first.res.headers.get("cache-control")).toBe("no-cache");
    expect(first.res.headers.get("vary")).toMatch(/User-Agent/);
    expect(first.text).toContain('<div id="root"><div class="x">Delhi Public School wide</div></div>');
    expect(first.text).toContain('<script type="application/json" id="first-screen">');
    expect(first.text).not.toContain("first-requests.js");
    const rendered = renders();

    expect((await get()).text).toContain("Delhi Public School wide");
    expect(renders()).toBe(rendered);

    expect((await get({ "sec-ch-ua-mobile": "?1" })).text).toContain("Delhi Public School narrow");
    expect(renders()).toBe(rendered + 1);

    schools.items = [{ name: "Kendriya Vidyalaya" }];
    expect((await get()).text).toContain("Kendriya Vidyalaya wide");
    expect(renders()).toBe(rendered + 2);
  });

  it("sends the plain index.html when an answer fails or the render does", async () => {
    schools = { status: 503, items: [] };
    expect((await get()).text).toBe(INDEX);
    schools = { status: 200, items: [{ name: "boom" }] };
    expect((await get()).text).toBe(INDEX);
  });

  it("asks the API at most once per freshness window however many visitors come at once", async () => {
    await start(join(dir, "renderer.mjs"), { answersFreshMs: 60_000 });
    asked = 0;
    const pages = await Promise.all(Array.from({ length: 20 }, () => get()));
    for (const { text } of pages) expect(text).toContain("Delhi Public School wide");
    expect((await get()).text).toContain("Delhi Public School wide");
    expect(asked).toBe(1);
  });

  it("asks again at the next visit once told the catalogue changed, inside the freshness window", async () => {
    await start(join(dir, "renderer.mjs"), { answersFreshMs: 60_000 });
    expect((await get()).text).toContain("Delhi Public School wide");
    schools.items = [{ name: "Kendriya Vidyalaya" }];
    expect((await get()).text).toContain("Delhi Public School wide");
    firstScreen?.forgetAnswers();
    expect((await get()).text).toContain("Kendriya Vidyalaya wide");
  });

  it("sends the plain index.html, not a hang, when the API does not answer", async () => {
    await start(join(dir, "renderer.mjs"), { answerTimeoutMs: 300 });
    schools = { status: 200, items: [], hang: true };
    const started = performance.now();
    expect((await get()).text).toBe(INDEX);
    expect(performance.now() - started).toBeLessThan(10_000);
  });

  it("sends the plain index.html when the renderer is not built", async () => {
    await start(join(dir, "missing.mjs"));
    expect((await get()).text).toBe(INDEX);
  });
});
