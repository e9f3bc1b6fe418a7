import { otpFromOutbox } from "@shop/standalone";
import type { Locator, Page } from "playwright-core";
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
  toastSays,
  waitForText,
} from "./journey.ts";

/** What has the keyboard's focus: tag, role, name and text, for a readable failure. */
const focused = (page: Page): Promise<string> =>
  page.evaluate(`(() => {
    const e = document.activeElement;
    if (!e || e === document.body) return "BODY";
    return [e.tagName, e.getAttribute("role") ?? "", e.getAttribute("aria-label") ?? "",
      (e.textContent ?? "").trim().slice(0, 40)].join("|");
  })()`) as Promise<string>;

const hasFocus = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el === el.ownerDocument.activeElement);

/** Presses Tab (or Shift+Tab) until the locator has the focus; fails with the path taken. */
const tabTo = async (page: Page, target: Locator, key = "Tab", max = 80): Promise<void> => {
  const path: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press(key);
    if (await hasFocus(target)) return;
    path.push(await focused(page));
  }
  throw new Error(`${key} never reached the control; focus went: ${path.join(" > ")}`);
};

const inside = (locator: Locator): Promise<boolean> =>
  locator.evaluate((el) => el.contains(el.ownerDocument.activeElement));

/** Presses `key` `times` times; after each the focus must still be inside `dialog`. */
const keepsFocusInside = async (page: Page, dialog: Locator, key: string, times: number): Promise<void> => {
  for (let i = 0; i < times; i += 1) {
    await page.keyboard.press(key);
    expect(await inside(dialog), `${key} ${i + 1}: ${await focused(page)}`).toBe(true);
  }
};

/** Escape closes `dialog`, and the control named `opener` (that opened it) has the focus again. */
const escapeGivesFocusBack = async (page: Page, dialog: Locator, opener: string): Promise<void> => {
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  await page.waitForTimeout(300);
  expect(await focused(page)).toContain(opener);
};

/** A keyboard-only review: dialogs keep and return the focus, every command works without a mouse. */
describe("keyboard only", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("the cart's 'Confirm Order Details' takes the focus, keeps it, closes on Escape and gives it back", async () => {
    await runJourney(stage, "kbd-checkout", async (j) => {
      const page = await j.user("customer");
      await loginAs(page, j.url, ACCOUNTS.customer);
      await page.goto(`${j.url}/notebooks`);
      await expectToast(page, "Added to Cart!", () =>
        page.getByTestId("product-card").first().getByRole("button", { name: "Add to Cart" }).click(),
      );
      await page.goto(`${j.url}/cart`);
      const buy = page.getByRole("button", { name: "Buy Now" });
      await buy.waitFor();
      await j.step("Tab to Buy Now and press Enter", async () => {
        await tabTo(page, buy);
        await page.keyboard.press("Enter");
      });
      const dialog = page.getByRole("dialog", { name: "Confirm Order Details" });
      await j.step("the focus is inside the dialog and Tab keeps it there", async () => {
        await dialog.waitFor();
        await page.waitForTimeout(300);
        expect(await inside(dialog), await focused(page)).toBe(true);
        await keepsFocusInside(page, dialog, "Tab", 12);
        await keepsFocusInside(page, dialog, "Shift+Tab", 12);
      });
      await j.step("Escape closes it and Buy Now has the focus again", async () => {
        await escapeGivesFocusBack(page, dialog, "Buy Now");
      });
    });
  });

  it("an admin changes an order's status with the keyboard", async () => {
    await runJourney(stage, "kbd-status", async (j) => {
      const { orderId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const page = await j.user("admin");
      await loginAs(page, j.url, ACCOUNTS.admin);
      await page.goto(`${j.url}/admin/viewOrder/${orderId}`);
      await waitForText(page.getByTestId("order-status"), "Pending");
      await j.step("Tab to the Delivery tab and open it with the arrow keys", async () => {
        const summary = page.getByRole("tab", { name: "Summary" });
        await tabTo(page, summary);
        await page.keyboard.press("ArrowRight");
        const delivery = page.getByRole("tab", { name: "Delivery" });
        if ((await delivery.getAttribute("aria-selected")) !== "true") await page.keyboard.press("Enter");
        await page.getByRole("combobox", { name: "Order status" }).waitFor();
      });
      await j.step("choose Processing with the arrow keys and press Save with Space", async () => {
        const select = page.getByRole("combobox", { name: "Order status" });
        await tabTo(page, select);
        await page.keyboard.press("ArrowDown");
        expect(await select.inputValue()).toBe("2");
        await tabTo(page, page.getByRole("button", { name: "Save", exact: true }));
        await page.keyboard.press("Space");
        await waitForText(page.getByTestId("order-status"), "Processing");
      });
    });
  });

  it("an admin changes a user's role with the keyboard", async () => {
    await runJourney(stage, "kbd-role", async (j) => {
      const page = await j.user("admin");
      await loginAs(page, j.url, ACCOUNTS.admin);
      await page.goto(`${j.url}/admin/users`);
      const name = ACCOUNTS.customer.name;
      const select = page.getByRole("combobox", { name: `Role of ${name}` });
      await select.waitFor();
      const save = page.getByRole("button", { name: `Save role of ${name}` });
      await j.step("Tab to the customer's role, choose Delivery, Tab to Save, Enter", async () => {
        await tabTo(page, select);
        await page.keyboard.press("ArrowUp");
        expect(await select.inputValue()).toBe("2");
        await tabTo(page, save);
        await page.keyboard.press("Enter");
        await toastSays(page, "Role updated!");
      });
      // Save is disabled once pressed (and while nothing is left to save): the focus was dropped
      // to the page with it, so a screen reader was left nowhere. It goes back to the role.
      await j.step("the focus is back on the role, not on the page", async () => {
        expect(await hasFocus(select), await focused(page)).toBe(true);
      });
      await j.step("and back to Customer the same way", async () => {
        await page.keyboard.press("ArrowDown");
        expect(await select.inputValue()).toBe("3");
        await page.keyboard.press("Tab");
        expect(await hasFocus(save), await focused(page)).toBe(true);
        await page.keyboard.press("Enter");
        await save.and(page.locator(":disabled")).waitFor();
        expect(await hasFocus(select), await focused(page)).toBe(true);
      });
    });
  });

  it("the 'Add Promotion' dialog opens, fills and cancels with Escape by keyboard, giving the focus back", async () => {
    await runJourney(stage, "kbd-promotion", async (j) => {
      const page = await j.user("admin");
      await loginAs(page, j.url, ACCOUNTS.admin);
      await page.goto(`${j.url}/admin/promotions`);
      const add = page.getByRole("button", { name: "Add Promotion +" });
      await add.waitFor();
      const dialog = page.getByRole("dialog", { name: "Add Promotion" });
      await j.step("Tab to Add Promotion +, Enter opens the dialog with the focus inside", async () => {
        await tabTo(page, add);
        await page.keyboard.press("Enter");
        await dialog.waitFor();
        await page.waitForTimeout(300);
        expect(await inside(dialog), await focused(page)).toBe(true);
      });
      await j.step("fill the fields by typing and Tab", async () => {
        await tabTo(page, dialog.getByLabel("Title"));
        await page.keyboard.type("Back to school");
        await page.keyboard.press("Tab");
        await page.keyboard.type("Ten percent off");
        await page.keyboard.press("Tab");
        await page.keyboard.type("/notebooks");
        expect(await dialog.getByLabel("Redirect Link").inputValue()).toBe("/notebooks");
        await keepsFocusInside(page, dialog, "Tab", 10);
      });
      await j.step("Escape closes it and Add Promotion + has the focus again", async () => {
        await escapeGivesFocusBack(page, dialog, "Add Promotion");
      });
    });
  });

  it("a rider opens an order from the list, sends the OTP and confirms the delivery by keyboard", async () => {
    await runJourney(stage, "kbd-delivery", async (j) => {
      const { orderId, shortId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const page = await j.user("rider");
      await loginAs(page, j.url, ACCOUNTS.delivery);
      await page.goto(`${j.url}/delivery`);
      const link = page.getByRole("link", { name: `#${shortId}` });
      await link.waitFor();
      await j.step("Tab to the order's link and press Enter", async () => {
        await tabTo(page, link, "Tab", 150);
        await page.keyboard.press("Enter");
        await page.waitForURL(new RegExp(`/order/${orderId}$`));
        await waitForText(page.getByTestId("order-status"), "Pending");
      });
      const block = page.getByRole("region", { name: "Complete Delivery" });
      await j.step("open the Delivery tab, Tab to Send OTP, Enter", async () => {
        await tabTo(page, page.getByRole("tab", { name: "Summary" }));
        await page.keyboard.press("ArrowRight");
        const delivery = page.getByRole("tab", { name: "Delivery" });
        if ((await delivery.getAttribute("aria-selected")) !== "true") await page.keyboard.press("Enter");
        const send = block.getByRole("button", { name: "Send OTP" });
        await send.waitFor();
        await tabTo(page, send);
        await page.keyboard.press("Enter");
        await block.getByRole("status").filter({ hasText: "OTP sent to" }).waitFor();
      });
      await j.step("type the OTP and submit with Enter", async () => {
        const otp = await otpFromOutbox(stage.shop.outboxDir, ACCOUNTS.customer.email);
        await tabTo(page, block.getByLabel("OTP"));
        await page.keyboard.type(otp);
        await page.keyboard.press("Enter");
        await waitForText(page.getByTestId("order-status"), "Delivered");
      });
      // For a rider the whole 'Complete Delivery' block goes once the order is Delivered, and the
      // focus (on Submit) went with it to the page. It stays in the Delivery tab's panel.
      await j.step("the focus stays in the Delivery panel when the block goes", async () => {
        await block.waitFor({ state: "detached" });
        const panel = page.getByRole("tabpanel", { name: "Delivery" });
        expect(await inside(panel), await focused(page)).toBe(true);
      });
    });
  });
});
