import { readFileSync } from "node:fs";
import { request } from "node:http";
import { join } from "node:path";
import { brotliDecompressSync } from "node:zlib";
import { client, FRONTEND_DIR, signupCustomer } from "@shop/standalone";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  expectToast,
  loginAs,
  placeOrderByApi,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

/** A GET whose body is the bytes on the wire (fetch would decode them). */
const rawGet = (
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: Record<string, string | string[] | undefined>; body: Buffer }> =>
  new Promise((resolve, reject) => {
    const req = request(url, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on("data", (c: Buffer) => chunks.push(c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    req.on("error", reject);
    req.end();
  });

/** Every CSP violation and console error a page (and its frames) reports, from the first byte. */
const watchProblems = async (page: Page): Promise<{ violations: string[]; errors: string[] }> => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    (/Content Security Policy/i.test(text) ? violations : errors).push(text);
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(
    `document.addEventListener("securitypolicyviolation", (e) =>
      window.reportViolation(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`,
  );
  return { violations, errors };
};

/** Issue 18: what a browser review found broken, each checked in real Chromium. */
describe("issue 18: the browser review's findings", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("item 4: the invoice preview (/pdf) loads its blob: PDF with no CSP violation", async () => {
    await runJourney(stage, "i18-pdf-preview", async (j) => {
      const { orderId, shortId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const page = await j.user("customer");
      const problems = await watchProblems(page);
      await j.step("log in and open the receipt preview", async () => {
        await loginAs(page, j.url, ACCOUNTS.customer);
        await page.goto(`${j.url}/pdf?orderId=${orderId}`);
        await page.getByRole("heading", { name: `Receipt · Order #${shortId}` }).waitFor();
      });
      await j.step("the preview frame shows the PDF, and nothing was refused", async () => {
        const frame = page.locator(`iframe[title="Receipt for order ${shortId}"]`);
        await frame.waitFor();
        expect(await frame.getAttribute("src")).toMatch(/^blob:/);
        // The frame's document is the PDF itself (the viewer), not Chromium's blocked-page error.
        await expect
          .poll(
            () =>
              page
                .frames()
                .find((f) => f.url().startsWith("blob:"))
                ?.url() ?? "",
          )
          .toMatch(/^blob:/);
        await page.waitForTimeout(1000);
        await j.snap(page, "pdf-preview");
        expect(problems.violations).toEqual([]);
      });
    });
  });

  it("item 12: a visitor's page loads log no console error (the session check answers 200)", async () => {
    await runJourney(stage, "i18-visitor-console", async (j) => {
      const page = await j.user("visitor");
      const problems = await watchProblems(page);
      const failed: string[] = [];
      page.on("response", (res) => {
        if (res.status() >= 400) failed.push(`${res.status()} ${res.url()}`);
      });
      await j.step("open the home page, a product, the login page and a protected page", async () => {
        await page.goto(`${j.url}/`);
        await page
          .getByRole("region", { name: "Trending Books" })
          .getByTestId("product-card")
          .first()
          .waitFor();
        await page.getByRole("region", { name: "Trending Books" }).getByRole("link").first().click();
        await page.getByRole("heading", { level: 1 }).waitFor();
        await page.goto(`${j.url}/login`);
        await page.getByRole("form", { name: "Login" }).waitFor();
        await page.goto(`${j.url}/orders`);
        await page.waitForURL(/\/login$/);
        await page.waitForLoadState("networkidle");
      });
      expect(problems.errors).toEqual([]);
      expect(problems.violations).toEqual([]);
      expect(failed).toEqual([]);

      await j.step("a stored user whose session has ended: forgotten quietly", async () => {
        const stale = await j.user("stale");
        const staleProblems = await watchProblems(stale);
        const staleFailed: string[] = [];
        stale.on("response", (res) => {
          if (res.status() >= 400) staleFailed.push(`${res.status()} ${res.url()}`);
        });
        await stale.goto(`${j.url}/contact-us`);
        await stale.evaluate(
          `localStorage.setItem("currentUser", JSON.stringify({ id: "7b0c6d0e-1f0a-4c43-9a3e-0d0f5a1b2c3d",
            name: "Gone User", email: "gone@example.com", contact: "1", address: "Pune", accType: 3 }))`,
        );
        await stale.goto(`${j.url}/`);
        await stale
          .getByRole("navigation", { name: "Main" })
          .getByRole("link", { name: "Sign up" })
          .waitFor();
        await stale.waitForLoadState("networkidle");
        expect(staleProblems.errors).toEqual([]);
        expect(staleFailed).toEqual([]);
      });
    });
  });

  it("item 14: a reload or bookmark with a valid session cookie opens the page, not /login", async () => {
    await runJourney(stage, "i18-direct-load", async (j) => {
      const { orderId, shortId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const customer = await j.user("customer");
      const admin = await j.user("admin");
      await j.step("log in, then forget everything but the cookie (a new tab's first load)", async () => {
        await loginAs(customer, j.url, ACCOUNTS.customer);
        await loginAs(admin, j.url, ACCOUNTS.admin);
        for (const page of [customer, admin]) await page.evaluate("localStorage.clear()");
      });
      await j.step("the order, the receipt and an admin page open where asked", async () => {
        await customer.goto(`${j.url}/order/${orderId}`);
        await customer.getByRole("heading", { name: /^Order ID: / }).waitFor();
        expect(new URL(customer.url()).pathname).toBe(`/order/${orderId}`);
        await customer.evaluate("localStorage.clear()");
        await customer.goto(`${j.url}/pdf?orderId=${orderId}`);
        await customer.getByRole("heading", { name: `Receipt · Order #${shortId}` }).waitFor();
        await admin.goto(`${j.url}/admin/viewOrders`);
        await admin.getByTestId("staff-order-row").first().waitFor();
        expect(new URL(admin.url()).pathname).toBe("/admin/viewOrders");
        await j.snap(admin, "admin-bookmark");
      });
    });
  });

  it("items 10 and 11: the cart icon counts the items, and at 99 Add to Cart says the limit", async () => {
    await runJourney(stage, "i18-cart-limit", async (j) => {
      const shopper = await signupCustomer(j.url, "Nikhil Rao");
      const notebooks = await client(j.url).get<{ items: { id: string; title: string }[] }>(
        "/api/products?kind=notebook",
      );
      const notebook = notebooks.body.items[0];
      if (!notebook) throw new Error("the demo catalogue has no notebook");
      const page = await j.user("shopper");
      await j.step("one notebook in the cart shows 1 on the icon", async () => {
        await loginAs(page, j.url, { email: shopper.email, password: "a-long-password", name: "Nikhil Rao" });
        await page.goto(`${j.url}/stationery/${notebook.id}`);
        await expectToast(page, "Added to Cart!", () =>
          page.getByRole("button", { name: "Add to Cart" }).click(),
        );
        await waitForText(page.getByTestId("cart-count"), "1");
      });
      await j.step("at 99 the button says the line is full and nothing changes", async () => {
        const set = await shopper.api.patch<{ position: string }>(`/api/cart/items/${notebook.id}`, {
          quantity: 99,
        });
        expect(set.status).toBe(200);
        await page.reload();
        await waitForText(page.getByTestId("cart-count"), "99");
        await expectToast(page, "Your cart already holds 99 of this item, the most one line can hold", () =>
          page.getByRole("button", { name: "Add to Cart" }).click(),
        );
        expect(await page.getByTestId("toaster").getByText("Added to Cart!").count()).toBe(0);
        await j.snap(page, "line-full");
      });
    });
  });

  it("item 7: the built storefront's hashed JS goes out as Vite's brotli copy, cached for a year", async () => {
    const html = await (await fetch(`${stage.shop.url}/`)).text();
    const entry = /src="(\/assets\/index-[\w-]+\.js)"/.exec(html)?.[1];
    expect(entry).toBeDefined();
    const plain = readFileSync(join(FRONTEND_DIR, "dist", entry ?? ""));
    const res = await rawGet(`${stage.shop.url}${entry}`, { "accept-encoding": "gzip, deflate, br" });
    expect(res.status).toBe(200);
    expect(res.headers["content-encoding"]).toBe("br");
    expect(res.headers.vary).toMatch(/Accept-Encoding/i);
    expect(res.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(brotliDecompressSync(res.body).equals(plain)).toBe(true);
    // A third of the bytes, or better, on the wire.
    expect(res.body.length).toBeLessThan(plain.length / 3);
    const page = await rawGet(`${stage.shop.url}/`, { "accept-encoding": "br" });
    expect(page.headers["cache-control"]).toBe("no-cache");
  });
});
