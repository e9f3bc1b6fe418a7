import { ensureSpaBuilt, FRONTEND_DIR, login, startTestShop, type TestShop } from "@shop/standalone";
import pino from "pino";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { launchChromium, snap } from "./browser.ts";

/** Issue 2's browser check: log in, place an order, and watch its status badge change live. */
describe("a customer watches their order change live", () => {
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

  it("logs in, buys a product, and sees Pending turn into Processing without a reload", async () => {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    try {
      await page.goto(`${shop.url}/login`);
      await page.getByLabel("Email").fill("customer@example.com");
      await page.getByLabel("Password").fill("customer-pass-1");
      await page.getByRole("button", { name: "Login" }).click();
      await page.getByText("Login Successful!").waitFor();
      await expect.poll(() => page.getByTestId("user-name").textContent()).toMatch(/Asha Customer/);

      // Trending Books on the home page: open the first one and buy it from its page.
      await page.getByTestId("product-card").first().getByRole("link").first().click();
      await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
      await page.getByRole("button", { name: "Buy Now" }).click();
      const dialog = page.getByRole("dialog", { name: "Confirm Order Details" });
      await dialog.waitFor();
      await dialog.getByRole("button", { name: "Confirm" }).click();
      await page.getByText("Order Created!").waitFor();
      await page.waitForURL(/\/orders$/);
      await snap(page, "skeleton-1-orders");

      await page.getByTestId("order-row").first().getByRole("link").first().click();
      await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
      const badge = page.getByTestId("order-status");
      await expect.poll(() => badge.textContent()).toBe("Pending");
      const orderId = page.url().split("/").at(-1) ?? "";

      const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
      const changed = await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 });
      expect(changed.status).toBe(200);

      await expect.poll(() => badge.textContent(), { timeout: 5000 }).toBe("Processing");
      await snap(page, "skeleton-2-order-processing");
    } catch (err) {
      await snap(page, "skeleton-failure");
      throw err;
    } finally {
      await page.close();
    }
  });
});
