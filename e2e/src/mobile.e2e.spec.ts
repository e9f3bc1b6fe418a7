import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  expectToast,
  PHONE,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

/** Nothing wider than the phone: no sideways scrolling. */
const expectNoSidewaysScroll = async (page: Page) =>
  expect(Number(await page.evaluate("document.documentElement.scrollWidth"))).toBeLessThanOrEqual(
    PHONE.width,
  );

const openMenu = async (page: Page) => {
  await page.getByRole("button", { name: "Open menu" }).click();
  const menu = page.getByRole("navigation", { name: "Menu" });
  await menu.waitFor();
  return menu;
};

const menuLabels = async (page: Page) =>
  (await page.getByRole("navigation", { name: "Menu" }).getByRole("listitem").allTextContents()).filter(
    Boolean,
  );

/** Issue 9, journey 7: at 390 px the side menu and the mobile search do the navigating. */
describe("journey 7: a phone at 390 px", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("navigates with the side menu and finds a school and a book with the mobile search", async () => {
    await runJourney(stage, "j7-mobile", async (j) => {
      const page = await j.user("phone", PHONE);

      await j.step("the home page shows the phone bar", async () => {
        await page.goto(`${j.url}/`);
        await page
          .getByRole("region", { name: "Trending Books" })
          .getByTestId("product-card")
          .first()
          .waitFor();
        expect(await page.getByRole("searchbox", { name: "Mobile search" }).isVisible()).toBe(true);
        expect(await page.getByRole("searchbox", { name: "Search", exact: true }).isVisible()).toBe(false);
        await expectNoSidewaysScroll(page);
      });

      await j.step("the side menu lists the visitor's entries and leads to Contact", async () => {
        await openMenu(page);
        expect(await menuLabels(page)).toEqual([
          "Home",
          "Orders",
          "Cart",
          "Profile",
          "Contact",
          "Upload Booklist",
          "Login",
        ]);
        await j.snap(page, "menu-visitor");
        await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Contact" }).click();
        await page.waitForURL(/\/contact-us$/);
        await page.getByRole("navigation", { name: "Menu" }).waitFor({ state: "hidden" });
        await page.getByRole("form", { name: "Contact Us" }).waitFor();
        await expectNoSidewaysScroll(page);
        await j.snap(page, "contact");
      });

      await j.step("the side menu's Login signs the rider in, and Delivery appears", async () => {
        const menu = await openMenu(page);
        await menu.getByRole("link", { name: "Login" }).click();
        await page.waitForURL(/\/login$/);
        const form = page.getByRole("form", { name: "Login" });
        await form.getByLabel("Email").fill(ACCOUNTS.delivery.email);
        await form.getByLabel("Password").fill(ACCOUNTS.delivery.password);
        await expectToast(page, "Login Successful!", () =>
          form.getByRole("button", { name: "Login" }).click(),
        );
        await waitForText(page.getByTestId("user-name"), ACCOUNTS.delivery.name);
        await openMenu(page);
        const labels = await menuLabels(page);
        expect(labels).toContain("Delivery");
        expect(labels.at(-1)).toBe("Logout");
        await page.getByRole("navigation", { name: "Menu" }).getByRole("link", { name: "Delivery" }).click();
        await page.waitForURL(/\/delivery$/);
        await page.getByRole("heading", { name: "Delivery" }).waitFor();
        await j.snap(page, "delivery");
      });

      await j.step("the mobile search finds a school and opens it", async () => {
        const search = page.getByRole("searchbox", { name: "Mobile search" });
        await search.fill("Kendriya");
        await search.press("Enter");
        await page.waitForURL(/\/search\/Kendriya$/);
        await page.getByRole("heading", { name: "Results for “Kendriya”" }).waitFor();
        await expectNoSidewaysScroll(page);
        await j.snap(page, "search-school");
        await page.getByRole("link", { name: /Kendriya Vidyalaya Andheri/ }).click();
        await page.getByRole("heading", { level: 1, name: "Kendriya Vidyalaya Andheri" }).waitFor();
        await page.getByTestId("school-book").first().waitFor();
        // Every column fits the phone: the table does not scroll sideways, its select boxes show.
        const overflow = await page.evaluate(
          `(() => { const box = document.querySelector('table[aria-label="School books"]').parentElement;
            return box.scrollWidth - box.clientWidth; })()`,
        );
        expect(overflow).toBe(0);
        const box = await page.getByRole("checkbox", { name: "Select Science Class 8" }).boundingBox();
        expect((box?.x ?? Number.POSITIVE_INFINITY) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
        await j.snap(page, "school");
      });

      await j.step("the mobile search finds a book and opens its page", async () => {
        const search = page.getByRole("searchbox", { name: "Mobile search" });
        await search.fill("Science Class 8");
        await page
          .getByRole("search", { name: "Mobile search" })
          .getByRole("button", { name: "Search" })
          .click();
        await page.waitForURL(/\/search\/Science%20Class%208$/);
        const card = page.getByTestId("product-card").filter({ hasText: "Science Class 8" }).first();
        await card.getByRole("link").click();
        await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
        await page.getByRole("heading", { level: 1, name: "Science Class 8" }).waitFor();
        await expectNoSidewaysScroll(page);
        await j.snap(page, "product");
      });
    });
  });
});
