import { ensureSpaBuilt, FRONTEND_DIR, startTestShop, type TestShop } from "@shop/standalone";
import pino from "pino";
import type { Browser, BrowserContext, BrowserContextOptions, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium } from "./browser.ts";

// A phone as it introduces itself (Chromium on Android: its user agent and client hint).
const PHONE_CONTEXT: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  isMobile: true,
  userAgent:
    "Mozilla/5.0 (Linux; Android 13; Pixel 7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
};
const DESKTOP_CONTEXT: BrowserContextOptions = { viewport: { width: 1280, height: 800 } };

// (Strings, not functions: this workspace compiles without the DOM library.)
// Each shift with what moved (tag, id, class, test id; where from and to), so that a failure names
// the element rather than only a number.
const WATCH_SHIFTS = `(() => {
  window.__shifts = [];
  const describe = (n) => !n ? "?" : !n.tagName ? "#text in " + describe(n.parentElement) :
    n.tagName.toLowerCase() + (n.id ? "#" + n.id : "") +
    (n.getAttribute("data-testid") ? "[data-testid=" + n.getAttribute("data-testid") + "]" : "") +
    (typeof n.className === "string" && n.className ? "." + n.className.trim().split(/\\s+/).join(".") : "");
  const rect = (r) => [r.x, r.y, r.width, r.height].map(Math.round).join(",");
  new PerformanceObserver((list) => {
    for (const e of list.getEntries())
      window.__shifts.push({
        value: e.value,
        afterInput: e.hadRecentInput,
        at: Math.round(e.startTime),
        moved: (e.sources || []).map((s) => describe(s.node) + " " + rect(s.previousRect) + " -> " + rect(s.currentRect)),
      });
  }).observe({ type: "layout-shift", buffered: true });
})()`;
type Shift = { value: number; afterInput: boolean; at: number; moved: string[] };
const shiftsOf = async (page: Page): Promise<Shift[]> => (await page.evaluate("window.__shifts")) as Shift[];

/**
 * The home page's first screen comes rendered in the HTML (standalone/src/firstScreen.ts,
 * frontend/src/server/render-first-screen.tsx), and the app takes it over without a second copy,
 * a hydration error or anything moving.
 */
describe("the home page's first screen from the server", () => {
  let shop: TestShop;
  let browser: Browser;

  beforeAll(async () => {
    await ensureSpaBuilt(FRONTEND_DIR, pino({ level: "warn" }));
    shop = await startTestShop();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await shop?.destroy();
  });

  const schoolNames = async (): Promise<string[]> => {
    const { items } = (await (await fetch(`${shop.url}/api/schools`)).json()) as {
      items: { name: string }[];
    };
    return items.map((s) => s.name);
  };

  it("is in the HTML of / with the shop's current schools and promotion, and in no other path's", async () => {
    const [first] = await schoolNames();
    const promotions = (await (await fetch(`${shop.url}/api/promotions`)).json()) as {
      items: { title: string; active: boolean }[];
    };
    const html = await (await fetch(`${shop.url}/`)).text();
    const root = html.slice(html.indexOf('<div id="root">'));
    expect(root).toContain(`>${first}<`);
    expect(root).toContain(promotions.items.find((p) => p.active)?.title);
    expect(root).toContain("Chat with us");
    expect(html).toMatch(/<script type="application\/json" id="first-screen">/);
    expect(html).toMatch(/<style data-emotion="css [\w -]+">/);
    // The data is in the page: no requests for it.
    expect(html).not.toContain("/first-requests.js");
    expect(html).not.toContain('href="/api/');

    for (const path of ["/orders", "/school/x", "/login", "/index.html"]) {
      const other = await (await fetch(`${shop.url}${path}`)).text();
      expect(other, path).toContain('<div id="root"></div>');
      expect(other, path).not.toContain(first);
    }
  });

  const open = async (
    context: BrowserContextOptions,
    options: { script: boolean; before?: (ctx: BrowserContext) => Promise<void> },
  ) => {
    const ctx = await browser.newContext(context);
    await options.before?.(ctx);
    const page = await ctx.newPage();
    const errors: string[] = [];
    page.on("console", (m) => {
      if (m.type() === "error") errors.push(m.text());
    });
    page.on("pageerror", (e) => errors.push(e.message));
    if (!options.script) await page.route("**/assets/**/*.js", (route) => route.abort());
    await page.addInitScript(WATCH_SHIFTS);
    await page.goto(`${shop.url}/`);
    return { page, errors, close: () => ctx.close() };
  };

  const visibleSchoolImages = (page: Page) =>
    page
      .getByRole("region", { name: "Partner schools" })
      .locator('[aria-hidden="false"] img')
      .evaluateAll((imgs) =>
        imgs.map((i) => ({
          w: i.getBoundingClientRect().width,
          done: (i as never as { complete: boolean }).complete,
        })),
      );

  for (const [name, context, cards] of [
    ["a phone", PHONE_CONTEXT, 1],
    ["a 1280 px screen", DESKTOP_CONTEXT, 4],
  ] as const) {
    it(`shows ${name} its first screen, images included, before any of the app's script runs`, async () => {
      const { page, close } = await open(context, { script: false });
      try {
        const [first] = await schoolNames();
        await page.getByRole("heading", { name: first }).waitFor({ timeout: 10_000 });
        await expect
          .poll(async () => (await visibleSchoolImages(page)).filter((i) => i.done).length)
          .toBe(cards);
        expect(await page.getByTestId("promotion-banner").getByRole("img").first().isVisible()).toBe(true);
        expect(await page.getByRole("link", { name: "Chat with us" }).isVisible()).toBe(true);
      } finally {
        await close();
      }
    });

    it(`lets the app take ${name}'s first screen over: one copy, no error, nothing moves`, async () => {
      const { page, errors, close } = await open(context, { script: true });
      try {
        // Rendered by React once the page below the first screen is there (HomeBelowTheFold).
        await page.getByRole("heading", { name: "Trending Books" }).waitFor({ timeout: 20_000 });
        await page.waitForLoadState("networkidle");
        expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
        expect(await page.getByTestId("promotion-banner").count()).toBe(1);
        expect(await page.getByRole("region", { name: "Partner schools" }).count()).toBe(1);
        expect((await visibleSchoolImages(page)).length).toBe(cards);
        // Nothing moved while the app took over (the list names what moved, if anything did).
        expect(await shiftsOf(page)).toEqual([]);
        // The app is live: the menu button opens the menu, and nothing moves but what the tap
        // moved (a shift within 0.5 s of an input is the user's own, as Core Web Vitals count it).
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("navigation", { name: "Menu" }).waitFor({ timeout: 10_000 });
        expect(errors).toEqual([]);
        expect((await shiftsOf(page)).filter((s) => !s.afterInput)).toEqual([]);
      } finally {
        await close();
      }
    });
  }

  it("shows a signed-in customer their own bar once the app runs (the server renders a visitor's)", async () => {
    // Signed up in this browser context: its session cookie, and the user the app stores.
    const signIn = async (ctx: BrowserContext) => {
      const res = await ctx.request.post(`${shop.url}/api/auth/signup`, {
        data: {
          name: "Asha Rao",
          email: `asha.${Date.now()}@example.com`,
          contact: "+91 90000 00000",
          password: "a-long-password",
          address: "1 Test Street, Nagpur",
        },
      });
      expect(res.status()).toBe(201);
      const { user } = (await res.json()) as { user: unknown };
      await ctx.addInitScript(`localStorage.setItem("currentUser", ${JSON.stringify(JSON.stringify(user))})`);
    };
    const { page, errors, close } = await open(DESKTOP_CONTEXT, { script: true, before: signIn });
    try {
      await page.getByTestId("user-name").waitFor({ timeout: 20_000 });
      expect(await page.getByTestId("user-name").textContent()).toBe("Asha Rao");
      expect(await page.getByRole("link", { name: "Sign up" }).count()).toBe(0);
      expect(await page.getByRole("navigation", { name: "Main" }).count()).toBe(1);
      expect(await page.getByRole("region", { name: "Partner schools" }).count()).toBe(1);
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
  });
});
