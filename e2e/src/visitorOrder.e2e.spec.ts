import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStage, closeStage, runJourney, type Stage, toastSays, waitForText } from "./journey.ts";

/** Issue 9, journey 1: a visitor finds their class's books, signs up on the way and orders them. */
describe("journey 1: a visitor orders a school's class 8 books", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  /** Class 8 in the dropdown, then the first two books ticked; returns their titles. */
  const pickClass8Books = async (page: Page): Promise<string[]> => {
    await page.getByLabel("Class", { exact: true }).selectOption({ label: "Class 8" });
    const rows = page.getByTestId("school-book");
    await rows.first().waitFor();
    expect(await rows.count()).toBeGreaterThanOrEqual(2);
    const titles: string[] = [];
    for (const i of [0, 1]) {
      const title = (await rows.nth(i).getByRole("cell").nth(1).textContent()) ?? "";
      await rows
        .nth(i)
        .getByRole("checkbox", { name: `Select ${title}` })
        .check();
      titles.push(title);
    }
    return titles;
  };

  it("browses home → school → class 8, is sent to sign up by Buy Now, returns and orders", async () => {
    await runJourney(stage, "j1-visitor-order", async (j) => {
      const page = await j.user("visitor");
      const email = `new.parent.${Date.now()}@example.com`;
      let schoolPath = "";

      await j.step("open the home page", async () => {
        await page.goto(`${j.url}/`);
        await page
          .getByRole("region", { name: "Trending Books" })
          .getByTestId("product-card")
          .first()
          .waitFor();
        await j.snap(page, "home");
      });

      const schoolName = await j.step("open a school from the Schools carousel", async () => {
        const card = page
          .getByRole("region", { name: "Partner schools" })
          .locator('[aria-hidden="false"]')
          .first();
        const name = (await card.getByRole("heading").textContent()) ?? "";
        await card.getByRole("link").click();
        await page.waitForURL(/\/school\/[^/]+$/);
        schoolPath = new URL(page.url()).pathname;
        await page.getByRole("heading", { name }).first().waitFor();
        await page.getByTestId("school-book").first().waitFor();
        await j.snap(page, "school");
        return name;
      });
      expect(schoolName).not.toBe("");

      const firstPick = await j.step("choose class 8 and select two books", async () => {
        const all = await page.getByTestId("school-book").count();
        const titles = await pickClass8Books(page);
        expect(await page.getByTestId("school-book").count()).toBeLessThan(all);
        await j.snap(page, "school-class-8-selected");
        return titles;
      });
      expect(firstPick).toHaveLength(2);

      await j.step("Buy Now sends the visitor to /login", async () => {
        await page.getByRole("button", { name: "Buy Now" }).click();
        await page.waitForURL(/\/login$/);
        await page.getByRole("form", { name: "Login" }).waitFor();
        await j.snap(page, "login");
      });

      await j.step("sign up from the login page", async () => {
        await page.getByRole("form", { name: "Login" }).getByRole("link", { name: "Sign up" }).click();
        await page.waitForURL(/\/signup$/);
        const form = page.getByRole("form", { name: "Sign up" });
        await form.getByLabel("Name", { exact: true }).fill("Meera Iyer");
        await form.getByLabel("Email").fill(email);
        await form.getByLabel("Phone").fill("+91 98450 11111");
        await form.getByLabel("Password").fill("meera-pass-1");
        await form.getByLabel("Address").fill("14 Lake View Road, Pune 411001");
        await j.snap(page, "signup-filled");
        await form.getByRole("button", { name: "Sign up" }).click();
        await toastSays(page, "Signup Successful");
      });

      await j.step("return to the school page, signed in", async () => {
        await page.waitForURL((u) => u.pathname === schoolPath);
        await waitForText(page.getByTestId("user-name"), "Meera Iyer");
        await page.getByTestId("school-book").first().waitFor();
      });

      const titles = await j.step("select the class 8 books again and confirm the order", async () => {
        const picked = await pickClass8Books(page);
        expect(picked).toEqual(firstPick);
        await page.getByRole("button", { name: "Buy Now" }).click();
        const dialog = page.getByRole("dialog", { name: "Confirm Order Details" });
        await dialog.waitFor();
        expect(await dialog.getByLabel("Name").inputValue()).toBe("Meera Iyer");
        expect(await dialog.getByLabel("Email").inputValue()).toBe(email);
        expect(await dialog.getByLabel("Shipping Address").inputValue()).toBe(
          "14 Lake View Road, Pune 411001",
        );
        for (const title of picked) await dialog.getByText(title, { exact: true }).waitFor();
        await j.snap(page, "confirm-order");
        await dialog.getByRole("button", { name: "Confirm" }).click();
        await toastSays(page, "Order Created!");
        return picked;
      });

      await j.step("see the order in /orders as Pending", async () => {
        await page.waitForURL(/\/orders$/);
        const row = page.getByTestId("order-row").first();
        await row.waitFor();
        expect(await page.getByTestId("order-row").count()).toBe(1);
        const text = (await row.textContent()) ?? "";
        expect(titles.some((t) => text.includes(t))).toBe(true);
        expect(text).toContain("2 items");
        await waitForText(row.getByTestId("order-status"), "Pending");
        await j.snap(page, "orders-pending");
      });
    });
  });
});
