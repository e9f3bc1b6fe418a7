import { randomUUID } from "node:crypto";
import { mkdirSync, readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import type { Order, Product } from "@shop/contracts";
import { ensureSpaBuilt, FRONTEND_DIR, login, startTestShop, type TestShop } from "@shop/standalone";
import pino from "pino";
import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { launchChromium, SCREENSHOTS, snap } from "./browser.ts";

/** The seeded demo accounts (API.md "Demo data"). */
export const ACCOUNTS = {
  admin: { email: "admin@example.com", password: "admin-pass-1", name: "Shop Admin" },
  delivery: { email: "delivery@example.com", password: "delivery-pass-1", name: "Ravi Delivery" },
  customer: { email: "customer@example.com", password: "customer-pass-1", name: "Asha Customer" },
} as const;
export type Account = { email: string; password: string; name: string };

export const DESKTOP = { width: 1280, height: 900 } as const;
export const PHONE = { width: 390, height: 844 } as const;

/** How long one wait on visible state may take before the step fails. */
export const WAIT_MS = 10_000;

/** One booted shop and one Chromium per spec file (booting takes a few seconds). */
export interface Stage {
  shop: TestShop;
  browser: Browser;
}

export const bootStage = async (): Promise<Stage> => {
  await ensureSpaBuilt(FRONTEND_DIR, pino({ level: "warn" }));
  const [shop, browser] = await Promise.all([startTestShop(), launchChromium()]);
  return { shop, browser };
};

export const closeStage = async (stage: Stage | undefined): Promise<void> => {
  await stage?.browser.close();
  await stage?.shop.destroy();
};

const slug = (text: string): string =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60);

/**
 * One journey: its users' browser contexts, numbered screenshots, and steps whose failure names
 * the journey and the step, with a screenshot of every open page at that moment
 * (`<journey>-FAILED-<step>-<user>.png`), kept under e2e/screenshots/.
 */
export class Journey {
  private readonly contexts: { user: string; context: BrowserContext; page: Page }[] = [];
  private shots = 0;
  private current: string | null = null;

  private readonly stage: Stage;
  readonly name: string;

  constructor(stage: Stage, name: string) {
    this.stage = stage;
    this.name = name;
  }

  get url(): string {
    return this.stage.shop.url;
  }

  /**
   * A fresh browser context (its own cookies and storage) for one user, with one page.
   * `bypassCSP` lets a test inject a script tag (axe-core) past the shop's `script-src 'self'`.
   */
  async user(
    user: string,
    viewport: { width: number; height: number } = DESKTOP,
    options: { bypassCSP?: boolean; hasTouch?: boolean; isMobile?: boolean } = {},
  ): Promise<Page> {
    const context = await this.stage.browser.newContext({ viewport, acceptDownloads: true, ...options });
    context.setDefaultTimeout(WAIT_MS);
    const page = await context.newPage();
    this.contexts.push({ user, context, page });
    return page;
  }

  /** A full-page screenshot named for the journey, in the order taken. */
  async snap(page: Page, what: string): Promise<void> {
    this.shots += 1;
    // Let running CSS transitions (tab indicator, chip colours) end so the picture shows the end state.
    await page
      .waitForFunction(
        "document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running')",
        undefined,
        { timeout: 2000 },
      )
      .catch(() => {});
    await snap(page, `${this.name}-${String(this.shots).padStart(2, "0")}-${slug(what)}`);
  }

  /** Runs one step; a failure says which journey and step, and screenshots every user's page. */
  async step<T>(name: string, run: () => Promise<T>): Promise<T> {
    if (this.current !== null) return run();
    this.current = name;
    try {
      return await run();
    } catch (err) {
      for (const { user, page } of this.contexts) {
        if (page.isClosed()) continue;
        await snap(page, `${this.name}-FAILED-${slug(name)}-${slug(user)}`).catch(() => {});
      }
      const reason = err instanceof Error ? err.message : String(err);
      throw new Error(`journey "${this.name}", step "${name}" failed: ${reason}`, { cause: err });
    } finally {
      this.current = null;
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.contexts.map(({ context }) => context.close().catch(() => {})));
  }
}

/** Runs a journey's body with its contexts closed afterwards, pass or fail. */
export const runJourney = async (
  stage: Stage,
  name: string,
  body: (j: Journey) => Promise<void>,
): Promise<void> => {
  mkdirSync(SCREENSHOTS, { recursive: true });
  // A fresh set of this journey's screenshots: no failure shot left over from an earlier run.
  for (const file of readdirSync(SCREENSHOTS))
    if (file.startsWith(`${name}-`)) rmSync(join(SCREENSHOTS, file), { force: true });
  const j = new Journey(stage, name);
  try {
    await body(j);
  } finally {
    await j.close();
  }
};

/** Waits until a locator shows exactly this text (or matches the pattern). */
export const waitForText = async (locator: Locator, text: string | RegExp): Promise<void> => {
  const wanted = typeof text === "string" ? new RegExp(`^\\s*${escapeRegExp(text)}\\s*$`) : text;
  await locator.filter({ hasText: wanted }).first().waitFor();
};

export const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Waits for a toast with exactly this text. */
export const toastSays = (page: Page, text: string): Promise<void> =>
  page.getByTestId("toaster").getByText(text, { exact: true }).first().waitFor();

/** Closes every toast on screen, so the next wait sees only a new one. */
export const clearToasts = async (page: Page): Promise<void> => {
  const close = page.getByTestId("toaster").getByRole("button", { name: "Close" });
  while ((await close.count()) > 0)
    await close
      .first()
      .click({ timeout: 1000 })
      .catch(() => {});
};

/** Runs an action and waits for the toast it shows (older toasts are closed first). */
export const expectToast = async (page: Page, text: string, action: () => Promise<void>): Promise<void> => {
  await clearToasts(page);
  await action();
  await toastSays(page, text);
};

/** Logs in through the login form and waits for the user's name in the bar. */
export const loginAs = async (page: Page, url: string, account: Account): Promise<void> => {
  await page.goto(`${url}/login`);
  const form = page.getByRole("form", { name: "Login" });
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password").fill(account.password);
  await form.getByRole("button", { name: "Login" }).click();
  await toastSays(page, "Login Successful!");
  await waitForText(page.getByTestId("user-name"), account.name);
};

/** "₹1,234.50" → 123450 paise. */
export const paiseOf = (text: string): number => {
  const match = /₹\s*([\d,]+(?:\.\d{1,2})?)/.exec(text);
  if (!match?.[1]) throw new Error(`no rupee amount in "${text}"`);
  return Math.round(Number(match[1].replaceAll(",", "")) * 100);
};

/** Scrolls through the page so lazy images load before a full-page screenshot. */
export const loadLazyImages = async (page: Page): Promise<void> => {
  // Strings, not functions: this workspace compiles without the DOM library.
  const height = Number(await page.evaluate("document.body.scrollHeight"));
  for (let y = 0; y < height; y += 600) {
    await page.mouse.wheel(0, 600);
    await page.waitForTimeout(30);
  }
  await page.evaluate("window.scrollTo(0, 0)");
  await page.waitForLoadState("networkidle");
};

/** Places an order for one notebook through the API, once it can be read back: its id and short id. */
export const placeOrderByApi = async (
  url: string,
  account: Account,
  shippingAddress = "221 Sahakar Nagar, Pune, Maharashtra 411009",
): Promise<{ orderId: string; shortId: string }> => {
  const customer = await login(url, account.email, account.password);
  const products = await customer.api.get<{ items: Product[] }>("/api/products?kind=notebook");
  const notebook = products.body.items[0];
  if (!notebook) throw new Error("the demo catalogue has no notebook");
  const orderId = randomUUID();
  const placed = await customer.api.post<{ position: string }>("/api/orders", {
    orderId,
    items: [{ productId: notebook.id, quantity: 1 }],
    shippingAddress,
    expectedPayablePaise: notebook.pricePaise - notebook.discountPaise,
  });
  if (placed.status !== 201) throw new Error(`placing an order failed: ${placed.status}`);
  const order = await customer.api.get<Order>(`/api/orders/${orderId}`, {
    "x-min-position": placed.body.position,
  });
  if (order.status !== 200) throw new Error(`reading the new order failed: ${order.status}`);
  return { orderId, shortId: order.body.shortId };
};
