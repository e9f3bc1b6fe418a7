import { login } from "@shop/standalone";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  expectToast,
  loginAs,
  paiseOf,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

/** The figure shown on a dashboard card, by its label. */
const figure = (page: Page, label: string) =>
  page.getByRole("group", { name: label, exact: true }).getByTestId("figure-value");
const countOf = async (page: Page, label: string) =>
  Number(((await figure(page, label).textContent()) ?? "").replaceAll(",", ""));
const paiseShown = async (page: Page, label: string) =>
  paiseOf((await figure(page, label).textContent()) ?? "");

/** Issue 21, item 1: the admin watches the sales dashboard move as another user orders. */
describe("the live sales dashboard", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("shows an order placed in another browser, and its delivery, without a reload", async () => {
    await runJourney(stage, "dashboard-live", async (j) => {
      const admin = await j.user("admin");
      const customer = await j.user("customer");
      await j.step("log in the admin and the customer", () =>
        Promise.all([loginAs(admin, j.url, ACCOUNTS.admin), loginAs(customer, j.url, ACCOUNTS.customer)]),
      );

      const before = await j.step("the admin opens the dashboard from the admin panel", async () => {
        await admin.goto(`${j.url}/admin`);
        await admin
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: "Sales Dashboard" })
          .click();
        await admin.waitForURL(/\/admin\/dashboard$/);
        await admin.getByRole("heading", { name: "Sales Dashboard" }).waitFor();
        await figure(admin, "Orders, last 30 days").waitFor();
        await admin.getByRole("heading", { name: "Revenue and orders per day" }).waitFor();
        await admin.evaluate("window.__e2eNoReload = true");
        await j.snap(admin, "dashboard-before");
        return {
          orders: await countOf(admin, "Orders, last 30 days"),
          revenue: await paiseShown(admin, "Revenue, last 30 days"),
          delivered: await paiseShown(admin, "Delivered revenue, last 30 days"),
          pending: await countOf(admin, "Pending"),
          deliveredCount: await countOf(admin, "Delivered"),
        };
      });

      const { orderId, payable } = await j.step("the customer buys a book with Buy Now", async () => {
        await customer.getByTestId("product-card").first().getByRole("link").first().click();
        await customer.waitForURL(/\/product\/[0-9a-f-]{36}$/);
        await customer.getByRole("button", { name: "Buy Now" }).click();
        const dialog = customer.getByRole("dialog", { name: "Confirm Order Details" });
        await expectToast(customer, "Order Created!", () =>
          dialog.getByRole("button", { name: "Confirm" }).click(),
        );
        await customer.waitForURL(/\/orders$/);
        const href =
          (await customer.getByTestId("order-row").first().getByRole("link").first().getAttribute("href")) ??
          "";
        const id = href.split("/").at(-1) ?? "";
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        const me = await login(j.url, ACCOUNTS.customer.email, ACCOUNTS.customer.password);
        const order = await me.api.get<{ payablePaise: number }>(`/api/orders/${id}`);
        return { orderId: id, payable: order.body.payablePaise };
      });

      await j.step("the admin's figures count the new order, without a reload", async () => {
        await waitForText(figure(admin, "Orders, last 30 days"), String(before.orders + 1));
        expect(await paiseShown(admin, "Revenue, last 30 days")).toBe(before.revenue + payable);
        expect(await countOf(admin, "Pending")).toBe(before.pending + 1);
        expect(await admin.evaluate("window.__e2eNoReload === true")).toBe(true);
        await j.snap(admin, "dashboard-after-order");
      });

      await j.step("the order is delivered: the delivered figures move too", async () => {
        const staff = await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
        expect((await staff.api.put(`/api/orders/${orderId}/status`, { status: 3 })).status).toBe(200);
        await waitForText(figure(admin, "Delivered"), String(before.deliveredCount + 1));
        expect(await paiseShown(admin, "Delivered revenue, last 30 days")).toBe(before.delivered + payable);
        expect(await countOf(admin, "Pending")).toBe(before.pending);
        expect(await admin.evaluate("window.__e2eNoReload === true")).toBe(true);
        await j.snap(admin, "dashboard-after-delivery");
      });
    });
  });
});
