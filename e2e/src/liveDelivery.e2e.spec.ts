import { otpFromOutbox } from "@shop/standalone";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  expectToast,
  type Journey,
  loginAs,
  placeOrderByApi,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

/** Marks the page's window: the mark survives only as long as the page is not reloaded. */
const markNoReload = (page: Page) => page.evaluate("window.__e2eNoReload = true");
const stillNotReloaded = async (page: Page) =>
  expect(await page.evaluate("window.__e2eNoReload === true"), "the page was reloaded").toBe(true);

/** Opens an order's page and waits for its header and status badge. */
const openOrder = async (page: Page, url: string, path: string, status: string) => {
  await page.goto(`${url}${path}`);
  await page.getByRole("heading", { name: /^Order ID: / }).waitFor();
  await waitForText(page.getByTestId("order-status"), status);
};

/** The delivery (or admin) list's row for an order, by its short id. */
const staffRow = (page: Page, shortId: string) =>
  page.getByTestId("staff-order-row").filter({ has: page.getByRole("link", { name: `#${shortId}` }) });

const signIn = (j: Journey, pages: [Page, { email: string; password: string; name: string }][]) =>
  Promise.all(pages.map(([page, account]) => loginAs(page, j.url, account)));

/** Issue 9, journeys 3 and 4: three users in three browser contexts see each other's changes live. */
describe("journeys 3 and 4: live orders and OTP delivery across three browser contexts", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("journey 3: the rider sees a new order at once; the admin's Processing reaches the customer live", async () => {
    await runJourney(stage, "j3-live", async (j) => {
      const customer = await j.user("customer");
      const admin = await j.user("admin");
      const rider = await j.user("rider");

      await j.step("log in the customer, the admin and the rider", () =>
        signIn(j, [
          [customer, ACCOUNTS.customer],
          [admin, ACCOUNTS.admin],
          [rider, ACCOUNTS.delivery],
        ]),
      );

      const before = await j.step("the rider opens /delivery", async () => {
        await rider.goto(`${j.url}/delivery`);
        await rider.getByRole("heading", { name: "Delivery" }).waitFor();
        await rider.getByTestId("staff-order-row").or(rider.getByText("No Orders Here")).first().waitFor();
        await markNoReload(rider);
        await j.snap(rider, "rider-delivery-before");
        return rider.getByTestId("staff-order-row").count();
      });

      const { orderId, shortId } = await j.step("the customer buys a book with Buy Now", async () => {
        await customer.getByTestId("product-card").first().getByRole("link").first().click();
        await customer.waitForURL(/\/product\/[0-9a-f-]{36}$/);
        await customer.getByRole("button", { name: "Buy Now" }).click();
        const dialog = customer.getByRole("dialog", { name: "Confirm Order Details" });
        await expectToast(customer, "Order Created!", () =>
          dialog.getByRole("button", { name: "Confirm" }).click(),
        );
        await customer.waitForURL(/\/orders$/);
        const row = customer.getByTestId("order-row").first();
        const href = (await row.getByRole("link").first().getAttribute("href")) ?? "";
        const id = href.split("/").at(-1) ?? "";
        expect(id).toMatch(/^[0-9a-f-]{36}$/);
        return { orderId: id, shortId: id.slice(-8) };
      });

      await j.step("the rider's page shows the new order without a reload", async () => {
        const row = staffRow(rider, shortId);
        await row.waitFor({ timeout: 5000 });
        expect(await rider.getByTestId("staff-order-row").count()).toBe(before + 1);
        expect(await row.textContent()).toContain(ACCOUNTS.customer.name);
        await waitForText(row.getByTestId("order-status"), "Pending");
        await stillNotReloaded(rider);
        await j.snap(rider, "rider-new-order");
      });

      await j.step("the customer keeps the order page open at Pending", async () => {
        await openOrder(customer, j.url, `/order/${orderId}`, "Pending");
        await markNoReload(customer);
        await j.snap(customer, "customer-order-pending");
      });

      await j.step("the admin finds the order in View Orders and sets Processing", async () => {
        await admin.goto(`${j.url}/admin/viewOrders`);
        await staffRow(admin, shortId)
          .getByRole("link", { name: `#${shortId}` })
          .click();
        await admin.waitForURL(new RegExp(`/admin/viewOrder/${orderId}$`));
        await admin.getByRole("heading", { name: `Order ID: #${orderId.slice(-8)}` }).waitFor();
        await admin.getByRole("tab", { name: "Delivery" }).click();
        await admin.getByLabel("Order status").selectOption({ label: "Processing" });
        await j.snap(admin, "admin-set-processing");
        await expectToast(admin, "Order Updated!", () => admin.getByRole("button", { name: "Save" }).click());
        await waitForText(admin.getByTestId("order-status"), "Processing");
      });

      await j.step("the customer's badge turns Processing without a reload", async () => {
        await waitForText(customer.getByTestId("order-status"), "Processing");
        expect(await customer.getByTestId("order-status").getAttribute("data-colour")).toBe("orange");
        await stillNotReloaded(customer);
        await j.snap(customer, "customer-order-processing");
      });

      await j.step("the rider's row turns Processing too", async () => {
        await waitForText(staffRow(rider, shortId).getByTestId("order-status"), "Processing");
        await stillNotReloaded(rider);
      });
    });
  });

  it("journey 4: the rider sends the OTP, a wrong one is refused, the right one delivers everywhere", async () => {
    await runJourney(stage, "j4-delivery", async (j) => {
      const customer = await j.user("customer");
      const admin = await j.user("admin");
      const rider = await j.user("rider");
      const { orderId, shortId } = await j.step("the customer has an order (placed through the API)", () =>
        placeOrderByApi(j.url, ACCOUNTS.customer),
      );

      await j.step("log in all three and open the order", async () => {
        await signIn(j, [
          [customer, ACCOUNTS.customer],
          [admin, ACCOUNTS.admin],
          [rider, ACCOUNTS.delivery],
        ]);
        await openOrder(customer, j.url, `/order/${orderId}`, "Pending");
        await openOrder(admin, j.url, `/admin/viewOrder/${orderId}`, "Pending");
        await rider.goto(`${j.url}/delivery`);
        await staffRow(rider, shortId)
          .getByRole("link", { name: `#${shortId}` })
          .click();
        await rider.waitForURL(new RegExp(`/order/${orderId}$`));
        await waitForText(rider.getByTestId("order-status"), "Pending");
        for (const page of [customer, admin, rider]) await markNoReload(page);
      });

      const block = rider.getByRole("region", { name: "Complete Delivery" });

      const otp = await j.step("the rider sends the OTP from the Delivery tab", async () => {
        await rider.getByRole("tab", { name: "Delivery" }).click();
        await block.getByRole("button", { name: "Send OTP" }).click();
        await block.getByRole("status").filter({ hasText: "OTP sent to" }).waitFor();
        await j.snap(rider, "rider-otp-sent");
        return otpFromOutbox(stage.shop.outboxDir, ACCOUNTS.customer.email);
      });
      expect(otp).toMatch(/^\d{6}$/);

      await j.step("a wrong OTP shows the server's message", async () => {
        const wrong = otp === "000000" ? "111111" : "000000";
        await block.getByLabel("OTP").fill(wrong);
        await block.getByRole("button", { name: "Submit" }).click();
        await block.getByText("Invalid or expired OTP", { exact: true }).waitFor();
        await waitForText(rider.getByTestId("order-status"), "Pending");
        await j.snap(rider, "rider-wrong-otp");
      });

      await j.step("the right OTP marks the order Delivered for the rider", async () => {
        await block.getByLabel("OTP").fill(otp);
        await expectToast(rider, "Order Updated!", () =>
          block.getByRole("button", { name: "Submit" }).click(),
        );
        await waitForText(rider.getByTestId("order-status"), "Delivered");
        // Delivery staff may complete only orders not yet Delivered: the block goes.
        await block.waitFor({ state: "detached" });
        await j.snap(rider, "rider-delivered");
      });

      await j.step("the customer and the admin see Delivered without a reload", async () => {
        for (const [who, page] of [
          ["customer", customer],
          ["admin", admin],
        ] as const) {
          await waitForText(page.getByTestId("order-status"), "Delivered");
          expect(await page.getByTestId("order-status").getAttribute("data-colour")).toBe("green");
          await stillNotReloaded(page);
          await j.snap(page, `${who}-delivered`);
        }
      });

      await j.step("the rider's list shows the order Delivered", async () => {
        await rider.goto(`${j.url}/delivery`);
        await waitForText(staffRow(rider, shortId).getByTestId("order-status"), "Delivered");
        await j.snap(rider, "rider-list-delivered");
      });
    });
  });
});
