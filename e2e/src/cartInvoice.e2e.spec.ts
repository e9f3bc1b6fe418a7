import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { formatRupees } from "@shop/contracts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  escapeRegExp,
  expectToast,
  type Journey,
  loginAs,
  paiseOf,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

const PDFTOTEXT = process.env.PDFTOTEXT_PATH ?? "/usr/bin/pdftotext";

/** Issue 9, journey 2: notebooks and stationery into the cart, quantities, checkout, invoice PDF. */
describe("journey 2: a customer fills the cart, checks out and downloads the invoice", () => {
  let stage: Stage;
  let downloads: string;
  beforeAll(async () => {
    stage = await bootStage();
    downloads = mkdtempSync(join(tmpdir(), "e2e-invoice-"));
  });
  afterAll(async () => {
    await closeStage(stage);
    if (downloads) rmSync(downloads, { recursive: true, force: true });
  });

  /** The full title of the list's n-th card (the heading may be cut with an ellipsis). */
  const cardTitle = async (page: Page, n: number): Promise<string> =>
    (await page.getByTestId("product-card").nth(n).getByRole("heading").getAttribute("title")) ?? "";

  const addFromList = async (j: Journey, page: Page, list: string, n: number): Promise<string> => {
    await page.goto(`${j.url}${list}`);
    await page.getByTestId("product-card").nth(n).waitFor();
    const title = await cardTitle(page, n);
    await expectToast(page, "Added to Cart!", () =>
      page.getByTestId("product-card").nth(n).getByRole("button", { name: "Add to Cart" }).click(),
    );
    return title;
  };

  const addFromDetail = async (j: Journey, page: Page, list: string, n: number): Promise<string> => {
    await page.goto(`${j.url}${list}`);
    await page.getByTestId("product-card").nth(n).waitFor();
    const title = await cardTitle(page, n);
    await page.getByTestId("product-card").nth(n).getByRole("link").click();
    await page.waitForURL(/\/stationery\/[^/]+$/);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await expectToast(page, "Added to Cart!", () =>
      page.getByRole("button", { name: "Add to Cart" }).click(),
    );
    return title;
  };

  it("adds from list and detail pages, changes quantities, removes one, checks out and reads the PDF", async () => {
    await runJourney(stage, "j2-cart-invoice", async (j) => {
      const page = await j.user("customer");
      const customer = ACCOUNTS.customer;

      await j.step("log in as the customer", () => loginAs(page, j.url, customer));

      const [notebookA, notebookB, stationeryA, stationeryB] = await j.step(
        "add two notebooks and two stationery items from list and detail pages",
        async () => {
          const a = await addFromList(j, page, "/notebooks", 0);
          await j.snap(page, "notebooks-added");
          const b = await addFromDetail(j, page, "/notebooks", 1);
          await j.snap(page, "notebook-detail-added");
          const c = await addFromList(j, page, "/stationeries", 0);
          await j.snap(page, "stationeries-added");
          const d = await addFromDetail(j, page, "/stationeries", 1);
          return [a, b, c, d] as const;
        },
      );

      const lineOf = (title: string) => page.getByTestId("cart-line").filter({ has: page.getByTitle(title) });
      const quantityOf = (title: string) => page.getByLabel(`Quantity of ${title}`, { exact: true });

      await j.step("open the cart with all four lines", async () => {
        await page.getByRole("link", { name: "Cart", exact: true }).click();
        await page.waitForURL(/\/cart$/);
        await page.getByTestId("cart-line").nth(3).waitFor();
        expect(await page.getByTestId("cart-line").count()).toBe(4);
        for (const t of [notebookA, notebookB, stationeryA, stationeryB]) await lineOf(t).waitFor();
        await j.snap(page, "cart-four-lines");
      });

      await j.step("change quantities: notebook to 3, stationery up to 3 and down to 2", async () => {
        for (const [title, clicks] of [
          [notebookA, ["Increase", "Increase"]],
          [stationeryB, ["Increase", "Increase", "Decrease"]],
        ] as const) {
          let expected = 1;
          for (const way of clicks) {
            expected += way === "Increase" ? 1 : -1;
            await page.getByRole("button", { name: `${way} quantity of ${title}`, exact: true }).click();
            await waitForText(quantityOf(title), String(expected));
          }
        }
      });

      await j.step("remove the second notebook", async () => {
        await expectToast(page, "Product Removed", () =>
          page.getByRole("button", { name: `Remove ${notebookB}`, exact: true }).click(),
        );
        await lineOf(notebookB).waitFor({ state: "detached" });
        expect(await page.getByTestId("cart-line").count()).toBe(3);
      });

      const expected = await j.step("check the cart total against the lines", async () => {
        const lines = new Map<string, { quantity: number; eachPaise: number }>();
        for (const title of [notebookA, stationeryA, stationeryB]) {
          const line = lineOf(title);
          const each = (await line.getByText(/ each$/).textContent()) ?? "";
          lines.set(title, {
            quantity: Number(await quantityOf(title).textContent()),
            eachPaise: paiseOf(each),
          });
        }
        expect([...lines.values()].map((l) => l.quantity)).toEqual([3, 1, 2]);
        const totalPaise = [...lines.values()].reduce((sum, l) => sum + l.quantity * l.eachPaise, 0);
        await waitForText(page.getByTestId("cart-total"), formatRupees(totalPaise));
        await j.snap(page, "cart-changed");
        return { lines, totalPaise };
      });

      await j.step("check out and land on the orders list", async () => {
        await page.getByRole("button", { name: "Buy Now" }).click();
        const dialog = page.getByRole("dialog", { name: "Confirm Order Details" });
        await dialog.waitFor();
        await dialog.getByText(`Total: ${formatRupees(expected.totalPaise)}`).waitFor();
        await j.snap(page, "checkout-dialog");
        await expectToast(page, "Order Created!", () =>
          dialog.getByRole("button", { name: "Confirm" }).click(),
        );
        await page.waitForURL(/\/orders$/);
        await page.getByTestId("order-row").first().waitFor();
      });

      await j.step("the cart is empty after checkout", async () => {
        await page.goto(`${j.url}/cart`);
        await page.getByText("No Items Here").waitFor();
      });

      const pdfText = await j.step("open the order and download the invoice PDF", async () => {
        await page.goto(`${j.url}/orders`);
        await page.getByTestId("order-row").first().getByRole("link").click();
        await page.waitForURL(/\/order\/[0-9a-f-]{36}$/);
        await page.getByRole("heading", { name: /^Order ID: / }).waitFor();
        await waitForText(page.getByTestId("order-status"), "Pending");
        await j.snap(page, "order");
        const [download] = await Promise.all([
          page.waitForEvent("download"),
          page.getByRole("button", { name: "Invoice" }).click(),
        ]);
        expect(download.suggestedFilename()).toBe("receipt.pdf");
        const file = join(downloads, "receipt.pdf");
        await download.saveAs(file);
        return execFileSync(PDFTOTEXT, ["-raw", "-enc", "UTF-8", file, "-"], { encoding: "utf8" });
      });

      await j.step("the PDF names the customer, every line and the ₹ total", () => {
        const text = pdfText.replace(/\s+/g, " ");
        expect(text).toContain(customer.name);
        expect(text).toContain(customer.email);
        for (const [title, line] of expected.lines) {
          expect(text).toContain(title);
          expect(text).toContain(formatRupees(line.eachPaise * line.quantity));
        }
        expect(text).not.toContain(notebookB);
        expect(text).toMatch(new RegExp(`Total Amount ${escapeRegExp(formatRupees(expected.totalPaise))}`));
        return Promise.resolve();
      });
    });
  });
});
