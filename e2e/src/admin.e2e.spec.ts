import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { login } from "@shop/standalone";
import type { Locator, Page } from "playwright-core";
import sharp from "sharp";
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
  WAIT_MS,
  waitForText,
} from "./journey.ts";

/** A small PNG of one colour with a label, written to `dir`. */
const makePng = async (dir: string, name: string, colour: string, label: string): Promise<string> => {
  const file = join(dir, name);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400">
    <rect width="300" height="400" fill="${colour}"/>
    <text x="150" y="200" font-size="28" text-anchor="middle" fill="#fff" font-family="sans-serif">${label}</text>
  </svg>`;
  await sharp(Buffer.from(svg)).png().toFile(file);
  return file;
};

/** True once the image has loaded with real pixels. */
const imageLoaded = async (img: Locator): Promise<boolean> => {
  const handle = await img.elementHandle();
  const width = await (await handle?.getProperty("naturalWidth"))?.jsonValue();
  return typeof width === "number" && width > 0;
};

const fillByLabel = async (scope: Page | Locator, values: [label: string, value: string][]) => {
  for (const [label, value] of values) await scope.getByLabel(label, { exact: true }).fill(value);
};

/** Issue 9, journey 5: an admin adds a school and a book with images, toggles a promotion, reads an audit. */
describe("journey 5: the admin changes the catalogue and reads an order's history", () => {
  let stage: Stage;
  let images: string;
  beforeAll(async () => {
    stage = await bootStage();
    images = mkdtempSync(join(tmpdir(), "e2e-images-"));
  });
  afterAll(async () => {
    await closeStage(stage);
    if (images) rmSync(images, { recursive: true, force: true });
  });

  it("adds a school and a book with image uploads, toggles a promotion and reads an audit history", async () => {
    await runJourney(stage, "j5-admin", async (j) => {
      const admin = await j.user("admin");
      const visitor = await j.user("visitor");
      const school = `Sunrise Public School ${Date.now().toString(36)}`;
      const book = "Sunrise Mathematics Class 8";
      const schoolPng = await makePng(images, "Sunrise School.png", "#2e7d32", "Sunrise");
      const bookPng = await makePng(images, "sunrise-maths.png", "#6a1b9a", "Maths 8");

      await j.step("log in as the admin and open the Admin Panel", async () => {
        await loginAs(admin, j.url, ACCOUNTS.admin);
        await admin.goto(`${j.url}/admin`);
        await admin.getByRole("heading", { name: "Admin Panel" }).waitFor();
        await j.snap(admin, "admin-panel");
      });

      await j.step("add a school with an uploaded image", async () => {
        await admin
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: "Add School", exact: true })
          .click();
        const form = admin.getByRole("form", { name: "Add School" });
        await form.waitFor();
        await fillByLabel(form, [
          ["School Name", school],
          ["Location", "Baner Road"],
          ["Area", "Baner"],
          ["District", "Pune"],
          ["State", "Maharashtra"],
          ["Pincode", "411045"],
          ["Affiliated Board", "CBSE"],
          ["Medium", "English"],
        ]);
        await form.getByLabel("School Image").setInputFiles(schoolPng);
        await waitForText(form.getByTestId("picked-file"), "Sunrise School.png");
        await j.snap(admin, "add-school-filled");
        await expectToast(admin, "School added successfully", () =>
          form.getByRole("button", { name: "Add School" }).click(),
        );
        // The form starts afresh for the next school.
        expect(await form.getByLabel("School Name").inputValue()).toBe("");
      });

      await j.step("add a class 8 book for the new school with an uploaded image", async () => {
        await admin.goto(`${j.url}/admin/addSchoolBooks`);
        const form = admin.getByRole("form", { name: "Add School Books" });
        await form.waitFor();
        await fillByLabel(form, [
          ["Title", book],
          ["Author", "R. S. Aggarwal"],
          ["Publication", "Bharati Bhawan"],
          ["Publication Date", "2025-04-01"],
          ["Edition", "3"],
          ["Language", "English"],
          ["Subject", "Mathematics"],
          ["Price (₹)", "340"],
          ["Discount (₹)", "40"],
          ["Description", "Practice book for class 8 mathematics."],
        ]);
        await form.getByLabel("School", { exact: true }).selectOption({ label: school });
        await form.getByLabel("Class", { exact: true }).selectOption({ label: "Class 8" });
        await form.getByLabel("Image", { exact: true }).setInputFiles(bookPng);
        await waitForText(form.getByTestId("picked-file"), "sunrise-maths.png");
        await j.snap(admin, "add-book-filled");
        await expectToast(admin, "Book added successfully", () =>
          form.getByRole("button", { name: "Add Book" }).click(),
        );
      });

      await j.step("the storefront finds the new school by search, with its image", async () => {
        await visitor.goto(`${j.url}/`);
        await visitor.getByRole("searchbox", { name: "Search", exact: true }).fill("Sunrise");
        await visitor.getByRole("searchbox", { name: "Search", exact: true }).press("Enter");
        await visitor.waitForURL(/\/search\/Sunrise$/);
        await visitor.getByRole("link", { name: new RegExp(school) }).click();
        await visitor.getByRole("heading", { level: 1, name: school }).waitFor();
        await expect.poll(() => imageLoaded(visitor.locator("header img")), { timeout: WAIT_MS }).toBe(true);
        expect(await visitor.locator("header img").getAttribute("src")).toMatch(/\/media\/schools\//);
      });

      await j.step("the new school's class 8 list has the new book at ₹300.00", async () => {
        await visitor.getByLabel("Class", { exact: true }).selectOption({ label: "Class 8" });
        const row = visitor.getByTestId("school-book").filter({ hasText: book });
        await row.waitFor();
        expect(await row.textContent()).toContain("₹300.00");
        expect(await visitor.getByTestId("school-book").count()).toBe(1);
        await j.snap(visitor, "storefront-new-school");
      });

      await j.step("the new book's page shows its uploaded image", async () => {
        await visitor.getByRole("searchbox", { name: "Search", exact: true }).fill(book);
        await visitor.getByRole("searchbox", { name: "Search", exact: true }).press("Enter");
        await visitor
          .getByTestId("product-card")
          .filter({ hasText: "R. S. Aggarwal" })
          .getByRole("link")
          .click();
        await visitor.getByRole("heading", { level: 1, name: book }).waitFor();
        const img = visitor.getByRole("img", { name: book });
        expect(await img.getAttribute("src")).toMatch(/\/media\/books\//);
        await expect.poll(() => imageLoaded(img), { timeout: WAIT_MS }).toBe(true);
        await j.snap(visitor, "storefront-new-book");
      });

      const promotion = "Back to School Sale";
      const banner = visitor.getByTestId("promotion-banner");

      await j.step("the home page shows the active promotion", async () => {
        await visitor.goto(`${j.url}/`);
        await banner.getByText(promotion, { exact: true }).first().waitFor({ state: "attached" });
      });

      await j.step("the admin switches the promotion off", async () => {
        await admin.goto(`${j.url}/admin/promotions`);
        const card = admin.getByTestId("promotion-card").filter({ hasText: promotion });
        await waitForText(card.getByText(/^(Active|Inactive)$/).first(), "Active");
        await expectToast(admin, "Promotion Updated!!", () =>
          // A click, not uncheck(): the switch follows the server, so it flips only after the answer.
          card.getByRole("switch", { name: "Active" }).click(),
        );
        await waitForText(card.getByText(/^(Active|Inactive)$/).first(), "Inactive");
        expect(await card.getByRole("switch", { name: "Active" }).isChecked()).toBe(false);
        await j.snap(admin, "promotions-toggled");
      });

      await j.step("the storefront no longer shows the promotion", async () => {
        await visitor.goto(`${j.url}/`);
        await banner.getByRole("img").first().waitFor();
        await banner.getByText("Stationery Week", { exact: true }).first().waitFor({ state: "attached" });
        expect(await banner.getByText(promotion, { exact: true }).count()).toBe(0);
        await j.snap(visitor, "home-without-promotion");
      });

      const { orderId, shortId } = await j.step(
        "a customer's order is placed and set Processing",
        async () => {
          const placed = await placeOrderByApi(j.url, ACCOUNTS.customer);
          const staff = await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
          const changed = await staff.api.put(`/api/orders/${placed.orderId}/status`, { status: 2 });
          expect(changed.status).toBe(200);
          return placed;
        },
      );

      await j.step("the admin reads the order's audit history", async () => {
        await admin.goto(`${j.url}/admin/viewOrders`);
        await admin.getByRole("link", { name: `#${shortId}` }).click();
        await admin.waitForURL(new RegExp(`/admin/viewOrder/${orderId}$`));
        await admin.getByRole("tab", { name: "Audit" }).click();
        const entries = admin.getByTestId("audit-entry");
        await entries.nth(1).waitFor();
        const placedText = (await entries.nth(0).textContent()) ?? "";
        expect(placedText).toContain("Order placed");
        expect(placedText).toContain(`by ${ACCOUNTS.customer.name}`);
        expect(placedText).toContain("Customer");
        const changedText = (await entries.nth(1).textContent()) ?? "";
        expect(changedText).toContain("Status changed");
        expect(changedText).toContain("Pending → Processing");
        expect(changedText).toContain(`by ${ACCOUNTS.admin.name}`);
        await j.snap(admin, "audit-history");
      });
    });
  });
});
