import { cpSync, readFileSync } from "node:fs";
import { get } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM, launchChromium } from "@shop/e2e";
import { createLogger } from "@shop/platform";
import { ensureSpaBuilt, FRONTEND_DIR } from "@shop/standalone";
import { seededTemplate } from "../lib/eventLog.ts";
import { startServerProcess } from "../lib/processes.ts";
import type { Figure } from "../lib/report.ts";
import type { Scenario } from "../lib/scenario.ts";
import { BENCH_SHOP_ENV } from "../lib/shopApi.ts";
import { spread } from "../lib/stats.ts";

/** The production gateway's level (deploy/nginx.conf gzip_comp_level). */
const GZIP_LEVEL = 5;

/**
 * Runs in the page (a string: the harness has no DOM types): the last buffered
 * largest-contentful-paint entry, i.e. the LCP so far, and what it painted.
 */
const LCP_SCRIPT = `new Promise((resolve) => {
  new PerformanceObserver((list) => {
    const last = list.getEntries().at(-1);
    if (last) resolve({
      at: last.startTime,
      element: (last.element ? last.element.tagName.toLowerCase() : "?") + (last.url ? " " + new URL(last.url).pathname : ""),
    });
  }).observe({ type: "largest-contentful-paint", buffered: true });
  setTimeout(() => resolve({ at: NaN, element: "none" }), 5000);
})`;

/**
 * Runs in the page: the layout shifts so far (CLS's sum, without the ones right after input), from
 * the buffered `layout-shift` entries.
 */
const CLS_SCRIPT = `new Promise((resolve) => {
  let sum = 0;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (!e.hadRecentInput) sum += e.value;
  }).observe({ type: "layout-shift", buffered: true });
  setTimeout(() => resolve(sum), 100);
})`;

/**
 * A phone as it introduces itself to the server: Lighthouse's mobile user agent (a Moto G Power on
 * Android Chrome). The server renders the home page's first screen for a phone's width when it sees
 * one (standalone/src/firstScreen.ts), as it would for a real phone.
 */
const PHONE_USER_AGENT =
  "Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36";

/**
 * Lighthouse's mobile "slow 4G" as DevTools applies it (its devtools throttling figures): 562.5 ms
 * round trip, 1,474.56 kbit/s down, 675 kbit/s up, and the CPU slowed 4×.
 */
const SLOW_4G = {
  latency: 562.5,
  downloadThroughput: (1474.56 * 1024) / 8,
  uploadThroughput: (675 * 1024) / 8,
};
const CPU_SLOWDOWN = 4;

/** The bytes a browser receives for `path` asking for `encoding`: the body as sent, and its Content-Encoding. */
const onTheWire = (url: string, encoding: string): Promise<{ bytes: number; encoding: string }> =>
  new Promise((resolve, reject) => {
    get(url, { headers: { "accept-encoding": encoding } }, (res) => {
      let bytes = 0;
      res.on("data", (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on("end", () =>
        resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }),
      );
      res.on("error", reject);
    }).on("error", reject);
  });

/** The files index.html loads before the first render: its module script, modulepreloads and stylesheets. */
export const initialAssets = (html: string): { js: string[]; css: string[] } => {
  const attr = (tag: string, name: string) => new RegExp(`${name}="([^"]+)"`).exec(tag)?.[1];
  const js = new Set<string>();
  const css = new Set<string>();
  for (const tag of html.match(/<(script|link)\b[^>]*>/g) ?? []) {
    if (tag.startsWith("<script") && /type="module"/.test(tag)) {
      const src = attr(tag, "src");
      if (src) js.add(src);
    } else if (/rel="modulepreload"/.test(tag)) {
      const href = attr(tag, "href");
      if (href) js.add(href);
    } else if (/rel="stylesheet"/.test(tag)) {
      const href = attr(tag, "href");
      if (href) css.add(href);
    }
  }
  return { js: [...js], css: [...css] };
};

/** 5. Initial JS + CSS gzip size, and the home page's LCP in headless Chromium. */
export const frontend: Scenario = {
  id: "5",
  title: "Frontend: initial bundle and LCP",
  async run(ctx) {
    const runs = ctx.quick ? 3 : 7;
    await ensureSpaBuilt(FRONTEND_DIR, createLogger({ logLevel: "warn" }));
    const dist = join(FRONTEND_DIR, "dist");
    const assets = initialAssets(readFileSync(join(dist, "index.html"), "utf8"));
    const size = (files: string[], level: number) =>
      files.reduce((n, f) => n + gzipSync(readFileSync(join(dist, f)), { level }).length, 0);
    const raw = (files: string[]) => files.reduce((n, f) => n + readFileSync(join(dist, f)).length, 0);
    const jsGz = size(assets.js, GZIP_LEVEL);
    const cssGz = size(assets.css, GZIP_LEVEL);
    const total9 = size([...assets.js, ...assets.css], 9);

    const data = join(ctx.workDir, "frontend", "shop");
    cpSync(await seededTemplate(ctx.workDir), data, { recursive: true });
    const shop = await startServerProcess({
      script: "shop.js",
      env: { ...BENCH_SHOP_ENV, DATA_DIR: data },
      logFile: join(ctx.workDir, "frontend", "shop.log"),
    });
    const browser = await launchChromium({ timeoutMs: 60_000 });
    const lcps: number[] = [];
    const slowLcps: number[] = [];
    const slowCls: number[] = [];
    const slowElements = new Set<string>();
    const elements = new Set<string>();
    const wire = { br: 0, gzip: 0, encodings: new Set<string>() };
    let homeHtml = { br: 0, identity: 0 };
    try {
      for (const file of [...assets.js, ...assets.css]) {
        const br = await onTheWire(`${shop.url}${file}`, "br, gzip");
        const gz = await onTheWire(`${shop.url}${file}`, "gzip");
        wire.br += br.bytes;
        wire.gzip += gz.bytes;
        wire.encodings.add(br.encoding);
      }
      // The home page itself (with the first screen's markup and styles when the server renders it).
      homeHtml = {
        br: (await onTheWire(`${shop.url}/`, "br, gzip")).bytes,
        identity: (await onTheWire(`${shop.url}/`, "identity")).bytes,
      };
      for (let r = -1; r < runs; r++) {
        // A fresh context each run: nothing cached, like a first visit. Run -1 warms the server.
        const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
        const page = await context.newPage();
        await page.goto(`${shop.url}/`, { waitUntil: "networkidle", timeout: 30_000 });
        const lcp = await page.evaluate<{ at: number; element: string }>(LCP_SCRIPT);
        await context.close();
        if (r >= 0) {
          lcps.push(lcp.at / 1000);
          elements.add(lcp.element);
          ctx.log(`  LCP run ${r + 1}: ${lcp.at.toFixed(0)} ms (${lcp.element})`);
        }
      }
      // A phone on a slow network: slow 4G and a 4× slower CPU, 390×844, cold cache each run.
      for (let r = 0; r < runs; r++) {
        const context = await browser.newContext({
          viewport: { width: 390, height: 844 },
          isMobile: true,
          userAgent: PHONE_USER_AGENT,
        });
        const page = await context.newPage();
        const cdp = await context.newCDPSession(page);
        await cdp.send("Network.enable");
        await cdp.send("Network.emulateNetworkConditions", { offline: false, ...SLOW_4G });
        await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
        await page.goto(`${shop.url}/`, { waitUntil: "networkidle", timeout: 90_000 });
        const lcp = await page.evaluate<{ at: number; element: string }>(LCP_SCRIPT);
        const cls = await page.evaluate<number>(CLS_SCRIPT);
        await context.close();
        slowLcps.push(lcp.at / 1000);
        slowCls.push(cls);
        slowElements.add(lcp.element);
        ctx.log(
          `  LCP slow 4G run ${r + 1}: ${lcp.at.toFixed(0)} ms (${lcp.element}), CLS ${cls.toFixed(4)}`,
        );
      }
    } finally {
      await browser.close();
      await shop.stop();
    }
    const kb = (n: number) => n / 1000;
    const figures: Figure[] = [
      {
        name: "initial JS + CSS, gzip",
        unit: "kB",
        value: spread([kb(jsGz + cssGz)]),
        target: { op: "<=", value: 170, text: "≤ 170 kB" },
      },
      {
        name: "first visit bytes on the wire, initial JS + CSS (brotli)",
        unit: "kB",
        value: spread([kb(wire.br)]),
        target: { op: "<=", value: 110, text: "≤ 110 kB" },
      },
      { name: "the same asking for gzip only", unit: "kB", value: spread([kb(wire.gzip)]) },
      { name: "of which JS, gzip", unit: "kB", value: spread([kb(jsGz)]) },
      { name: "of which CSS, gzip", unit: "kB", value: spread([kb(cssGz)]) },
      {
        name: "home page LCP",
        unit: "s",
        value: spread(lcps),
        target: { op: "<=", value: 1.5, text: "≤ 1.5 s" },
        digits: 3,
      },
      {
        name: "home page LCP, phone on slow 4G + 4× CPU",
        unit: "s",
        value: spread(slowLcps),
        target: { op: "<=", value: 2.5, text: "≤ 2.5 s" },
        digits: 3,
      },
      { name: "home page CLS, phone on slow 4G + 4× CPU", unit: "score", value: spread(slowCls), digits: 4 },
      { name: "the home page's HTML on the wire (brotli)", unit: "kB", value: spread([kb(homeHtml.br)]) },
    ];
    return {
      id: this.id,
      title: this.title,
      figures,
      notes: [
        `Initial files, as frontend/dist/index.html names them (module script, modulepreload and stylesheet links): ` +
          `${assets.js.length} JS (${(raw(assets.js) / 1000).toFixed(1)} kB raw), ${assets.css.length} CSS` +
          `${assets.css.length === 0 ? " (styles are CSS-in-JS, inside the JS)" : ""}. gzip at level ${GZIP_LEVEL}, ` +
          `the production gateway's gzip_comp_level; at level 9 the total is ${kb(total9).toFixed(1)} kB. 1 kB = 1000 bytes. ` +
          "frontend/dist is built first when missing or stale (`ensureSpaBuilt`, as `npm start` does).",
        `LCP: Debian's Chromium (${CHROMIUM}) headless through playwright-core with e2e/src/browser.ts's flags, ` +
          `1280×800, a fresh browser context per run (cold cache), the seeded standalone on loopback (its pre-compressed assets), ` +
          "`goto('/')` until network idle, then the last buffered `largest-contentful-paint` entry's startTime. " +
          `${runs} runs after one unmeasured warm-up visit. LCP element(s): ${[...elements].join(", ")}.`,
        `Bytes on the wire: each initial file fetched from the standalone with Accept-Encoding "br, gzip" ` +
          `(answered as ${[...wire.encodings].join(", ")}) and with "gzip" only; the body bytes as received. ` +
          `Slow 4G: ${runs} cold runs at 390×844 (mobile, Lighthouse's mobile user agent) with DevTools' network emulation at Lighthouse's ` +
          `slow-4G figures (562.5 ms RTT, 1,474.56 kbit/s down, 675 kbit/s up) and CPU throttling ${CPU_SLOWDOWN}×, ` +
          `the same LCP entry as above (element(s): ${[...slowElements].join(", ")}); CLS: the buffered layout-shift ` +
          "entries' sum at that point. " +
          `The home page's HTML: ${(homeHtml.identity / 1000).toFixed(1)} kB uncompressed (with the first screen's markup and styles when the server renders it).`,
      ],
    };
  },
};
