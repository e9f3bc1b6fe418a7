import { readFileSync } from "node:fs";
import { login, signupCustomer } from "@shop/standalone";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  loginAs,
  placeOrderByApi,
  runJourney,
  type Stage,
  WAIT_MS,
  waitForText,
} from "./journey.ts";

/** The short ids (`#1a2b3c4d`) of the rows the admin's orders table shows. */
const listedShortIds = async (page: Page): Promise<string[]> =>
  (await page.getByTestId("staff-order-row").getByRole("link").allTextContents()).map((t) =>
    t.replace("#", ""),
  );

/** signupCustomer's password (standalone/src/testing/client.ts). */
const account = (c: { email: string }) => ({ email: c.email, password: "a-long-password", name: "" });

/** Splits the export's CSV (no field in these orders holds a comma, quote or newline). */
const csvRows = (text: string): string[][] =>
  text
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((line) => line.split(","));

/** Issue 21: the admin's filters and export, an order's past, and a rider's background tab. */
describe("issue 21: filtered orders and their export, an order's past, background delivery alerts", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("a filtered export's rows are the filtered list's orders, one row per line", async () => {
    await runJourney(stage, "i21-export", async (j) => {
      const tag = `Filter${Date.now().toString(36)}`;
      const buyers = await j.step("two customers with a shared name order three times", async () => {
        const a = await signupCustomer(j.url, `${tag} Anand`);
        const b = await signupCustomer(j.url, `${tag} Bela`);
        const admin = await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
        const orders = [
          await placeOrderByApi(j.url, account(a)),
          await placeOrderByApi(j.url, account(b)),
          await placeOrderByApi(j.url, account(b)),
        ];
        // One of them moves on: the status filter leaves it out.
        const moved = await admin.api.put<{ position: string }>(`/api/orders/${orders[2]?.orderId}/status`, {
          status: 2,
        });
        expect(moved.status).toBe(200);
        return orders;
      });

      const admin = await j.user("admin");
      await j.step("the admin filters the orders by name and Pending", async () => {
        await loginAs(admin, j.url, ACCOUNTS.admin);
        await admin.goto(`${j.url}/admin/viewOrders`);
        const form = admin.getByRole("search", { name: "Filter orders" });
        await form.getByLabel("Customer").fill(tag.toLowerCase());
        await form.getByLabel("Status").selectOption("Pending");
        await form.getByRole("button", { name: "Apply filters" }).click();
        await admin.waitForURL(/status=1/);
        await admin.getByTestId("staff-order-row").nth(1).waitFor();
        await j.snap(admin, "filtered-list");
      });

      const listed = await listedShortIds(admin);
      expect(listed.sort()).toEqual(
        buyers
          .slice(0, 2)
          .map((o) => o.shortId)
          .sort(),
      );

      await j.step("the shared URL shows the same view", async () => {
        await admin.reload();
        await admin.getByTestId("staff-order-row").nth(1).waitFor();
        expect((await listedShortIds(admin)).sort()).toEqual(listed.sort());
      });

      const csv = await j.step("Export CSV downloads the same orders", async () => {
        const download = admin.waitForEvent("download", { timeout: WAIT_MS });
        await admin.getByRole("link", { name: "Export CSV" }).click();
        const file = await (await download).path();
        return readFileSync(file, "utf8");
      });
      expect(csv.charCodeAt(0)).toBe(0xfeff);
      const [header, ...rows] = csvRows(csv);
      expect(header).toEqual([
        "Date",
        "Order ID",
        "Customer",
        "School",
        "Book",
        "Quantity",
        "Price (₹)",
        "Status",
        "Delivered at",
      ]);
      // One notebook per order: one row each, of the listed orders only, as numbers in rupees.
      expect(rows.map((r) => r[1]?.slice(-8)).sort()).toEqual(listed.sort());
      for (const r of rows) {
        expect(r[2]).toMatch(new RegExp(`^${tag} `));
        expect(r[5]).toBe("1");
        expect(r[6]).toMatch(/^\d+\.\d{2}$/);
        expect(r[7]).toBe("Pending");
      }
    });
  });

  it("the past view of an order with two status changes shows each status", async () => {
    await runJourney(stage, "i21-past", async (j) => {
      const { orderId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const api = (await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password)).api;
      expect((await api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
      expect((await api.put(`/api/orders/${orderId}/status`, { status: 3 })).status).toBe(200);

      const admin = await j.user("admin");
      await loginAs(admin, j.url, ACCOUNTS.admin);
      await admin.goto(`${j.url}/admin/viewOrder/${orderId}`);
      await admin.getByRole("tab", { name: "Audit" }).click();
      const entries = admin.getByTestId("audit-entry");
      await entries.nth(2).waitFor();
      for (const [i, status, by] of [
        [0, "Pending", ACCOUNTS.customer.name],
        [1, "Processing", ACCOUNTS.admin.name],
        [2, "Delivered", ACCOUNTS.admin.name],
      ] as const) {
        await j.step(`choosing event ${i + 1} shows the order ${status}`, async () => {
          await entries.nth(i).getByRole("button").first().click();
          const past = entries.nth(i).getByRole("region");
          await waitForText(past.getByTestId("past-status"), `Status: ${status}`);
          await past.getByText(new RegExp(`by ${by}`)).waitFor();
          await j.snap(admin, `past-${status}`);
        });
      }
    });
  });

  it("a background delivery tab gets a notification, and the count in its title", async () => {
    await runJourney(stage, "i21-background", async (j) => {
      const rider = await j.user("rider");
      await rider.context().grantPermissions(["notifications"], { origin: j.url });
      // Records each notification the page shows (then shows it as the browser would).
      await rider.context().addInitScript(`{
        const Real = window.Notification;
        window.__shown = [];
        class Recorded extends Real {
          constructor(title, options) { super(title, options); window.__shown.push({ title, body: options && options.body }); }
        }
        Object.defineProperty(Recorded, "permission", { get: () => Real.permission });
        window.Notification = Recorded;
      }`);
      await loginAs(rider, j.url, ACCOUNTS.delivery);
      await rider.goto(`${j.url}/delivery`);
      await rider.getByText(/New-order alerts are on/).waitFor();
      const title = await rider.title();

      await j.step("the rider switches to another tab", async () => {
        const other = await rider.context().newPage();
        await other.goto("about:blank");
        await other.bringToFront();
        await rider
          .waitForFunction("document.visibilityState === 'hidden'", undefined, { timeout: 2000 })
          .catch(
            // Headless Chromium may keep every tab visible: then the page is told it is hidden, as a
            // background tab is.
            () =>
              rider.evaluate(`{
              Object.defineProperty(document, "visibilityState", { configurable: true, get: () => "hidden" });
              document.dispatchEvent(new Event("visibilitychange"));
            }`),
          );
      });

      const { shortId } = await placeOrderByApi(j.url, ACCOUNTS.customer, "5 Lake View, Bhopal");
      await j.step("a new order shows a notification and counts in the title", async () => {
        await rider.waitForFunction("window.__shown.length > 0");
        expect(await rider.evaluate("window.__shown")).toEqual([
          { title: `New order #${shortId}`, body: `${ACCOUNTS.customer.name} · 5 Lake View, Bhopal` },
        ]);
        expect(await rider.title()).toBe(`(1) ${title}`);
      });

      await j.step("back on the tab, the count goes", async () => {
        await rider.bringToFront();
        await rider
          .waitForFunction("document.visibilityState === 'visible'", undefined, { timeout: 2000 })
          .catch(() =>
            rider.evaluate(`{
              delete document.visibilityState;
              document.dispatchEvent(new Event("visibilitychange"));
            }`),
          );
        await rider.waitForFunction(`document.title === ${JSON.stringify(title)}`);
      });
    });
  });
});
