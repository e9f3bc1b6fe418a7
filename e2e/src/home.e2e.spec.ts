import { join } from "node:path";
import { ensureSpaBuilt, FRONTEND_DIR, startTestShop, type TestShop } from "@shop/standalone";
import pino from "pino";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, SCREENSHOTS, snap } from "./browser.ts";

/** Issue 7's browser check: the home page's sections at desktop and phone widths. */
describe("the home page", () => {
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

  const open = async (width: number, height: number): Promise<Page> => {
    const page = await browser.newPage({ viewport: { width, height } });
    await page.goto(`${shop.url}/`);
    await page.getByTestId("promotion-banner").getByRole("img").first().waitFor();
    await page.getByRole("region", { name: "Trending Books" }).getByTestId("product-card").first().waitFor();
    // Images are lazy: scroll through once so the full-page screenshot has them.
    // (Strings, not functions: this workspace compiles without the DOM library.)
    const pageHeight = Number(await page.evaluate("document.body.scrollHeight"));
    for (let y = 0; y < pageHeight; y += 400) {
      await page.mouse.wheel(0, 400);
      await page.waitForTimeout(40);
    }
    await page.evaluate("window.scrollTo(0, 0)");
    await page.getByRole("contentinfo").waitFor();
    await page.waitForLoadState("networkidle");
    return page;
  };

  const commonSections = async (page: Page) => {
    await expect.poll(() => page.getByRole("region", { name: "Promotions" }).isVisible()).toBe(true);
    const schools = page.getByRole("region", { name: "Schools" });
    expect(await schools.getByRole("link").first().getAttribute("href")).toMatch(/^\/school\//);
    expect(await page.getByRole("heading", { name: "Trending Books" }).isVisible()).toBe(true);
    expect(
      await page.getByRole("region", { name: "Trending Books" }).getByTestId("product-card").count(),
    ).toBeGreaterThan(0);
    for (const blurb of ["Nation Wide Delivery", "Safe Payment", "Shop With Confidence", "24/7 Support"])
      expect(await page.getByRole("heading", { name: blurb }).isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Chat with us" }).getAttribute("href")).toMatch(
      /^https:\/\/wa\.me\//,
    );
  };

  it("serves React's production build, even when built under the test runner", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const path of scripts) {
      const js = await (await fetch(`${shop.url}${path}`)).text();
      // A warning only React's development build carries.
      expect(js, path).not.toContain('unique "key" prop');
    }
  });

  it("leaves what the first screen does not draw out of the first page's script, and loads it after", async () => {
    const html = await (await fetch(`${shop.url}/`)).text();
    const scripts = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!);
    const initial = (
      await Promise.all(scripts.map(async (p) => (await fetch(`${shop.url}${p}`)).text()))
    ).join("\n");
    // MUI's class-name prefixes, in each component's code: the error screen's and the toasts'
    // Alert, the buttons' loading spinner, the Link, and the components the first screen draws as
    // Boxes with their styles (AppBar, Toolbar, Container, Card, CardContent, Paper under them,
    // Typography), and IconButton (the carousels' arrows: ButtonBase with its rules).
    for (const left of [
      "MuiAlert",
      "MuiCircularProgress",
      "MuiLink",
      "MuiAppBar",
      "MuiToolbar",
      "MuiContainer",
      "MuiCardContent",
      "MuiPaper",
      "MuiTypography",
      "MuiIconButton",
      // Since the first screen is drawn without MUI (frontend/src/first-screen/): no emotion (its
      // cache's style attribute), no Box, no CssBaseline, no ripple, no theme (its palette).
      "data-emotion",
      "MuiBox",
      "MuiCssBaseline",
      "MuiTouchRipple",
      "palette",
    ])
      expect(initial, left).not.toContain(left);
    // The error screen, the toasts' Alert and the MUI scope (the theme's provider, with MUI and emotion:
    // every other screen's) are asked for once the page has loaded.
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    try {
      await page.goto(`${shop.url}/`, { waitUntil: "load" });
      await expect
        .poll(async () =>
          String(
            await page.evaluate(
              "performance.getEntriesByType('resource').map((e) => e.name).filter((n) => n.includes('/assets/')).join(' ')",
            ),
          ),
        )
        .toMatch(
          /\/assets\/RouteErrorScreen-[\w-]+\.js.*\/assets\/mui-scope-[\w-]+\.js|\/assets\/mui-scope-[\w-]+\.js.*\/assets\/RouteErrorScreen-[\w-]+\.js/,
        );
      // The first screen's stylesheet is linked by index.html (CssBaseline's rules among them).
      expect(html).toMatch(/<link rel="stylesheet"[^>]* href="\/assets\/index-[\w-]+\.css">/);
    } finally {
      await page.close();
    }
  });

  it("shows every section with the desktop bar at 1280 px", async () => {
    const page = await open(1280, 900);
    try {
      await commonSections(page);
      expect(await page.getByRole("searchbox", { name: "Search" }).isVisible()).toBe(true);
      expect(await page.getByRole("link", { name: "Upload Booklist" }).isVisible()).toBe(true);
      expect(await page.getByRole("searchbox", { name: "Mobile search" }).isVisible()).toBe(false);
      // Four school cards side by side.
      const visibleSlides = page
        .getByRole("region", { name: "Partner schools" })
        .locator('[aria-hidden="false"]');
      expect(await visibleSlides.count()).toBe(4);
      await snap(page, "home-1280");
    } catch (err) {
      await snap(page, "home-1280-failure");
      throw err;
    } finally {
      await page.close();
    }
  });

  it("switches to the mobile layout at 390 px", async () => {
    const page = await open(390, 844);
    try {
      await commonSections(page);
      expect(await page.getByRole("button", { name: "Open menu" }).isVisible()).toBe(true);
      expect(await page.getByRole("searchbox", { name: "Mobile search" }).isVisible()).toBe(true);
      expect(await page.getByRole("searchbox", { name: "Search", exact: true }).isVisible()).toBe(false);
      expect(await page.getByRole("link", { name: "Upload Booklist" }).isVisible()).toBe(false);
      const visibleSlides = page
        .getByRole("region", { name: "Partner schools" })
        .locator('[aria-hidden="false"]');
      expect(await visibleSlides.count()).toBe(1);
      await snap(page, "home-390");
      // The first screen as a phone shows it, for a closer look than the full page gives.
      await page.screenshot({ path: join(SCREENSHOTS, "home-390-top.png") });

      await page.getByRole("button", { name: "Open menu" }).click();
      const menu = page.getByRole("navigation", { name: "Menu" });
      await menu.waitFor();
      expect(await menu.getByRole("link", { name: "Contact" }).isVisible()).toBe(true);
      await snap(page, "home-390-menu");
    } catch (err) {
      await snap(page, "home-390-failure");
      throw err;
    } finally {
      await page.close();
    }
  });
});
