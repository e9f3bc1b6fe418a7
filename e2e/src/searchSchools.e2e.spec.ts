import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bootStage, closeStage, runJourney, type Stage } from "./journey.ts";

/** Issue 18, items 3 and 5: word search with shorthand and typos; every book names its school. */
describe("searching the catalogue", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  const search = async (page: Page, text: string) => {
    const box = page.getByRole("search").first().getByRole("searchbox");
    await box.fill(text);
    await box.press("Enter");
    await page.getByRole("heading", { level: 1, name: `Results for “${text}”` }).waitFor();
    await page.getByTestId("product-card").first().waitFor();
  };
  const cards = async (page: Page) => {
    const all = page.getByTestId("product-card");
    const out: { title: string; place: string }[] = [];
    for (let i = 0; i < (await all.count()); i++) {
      const card = all.nth(i);
      out.push({
        title: (await card.getByRole("heading").getAttribute("title")) ?? "",
        place: (await card.getByTestId("book-place").textContent()) ?? "",
      });
    }
    return out;
  };

  it("finds Mathematics for 'maths' and English Class 8 for 'englsh 8', each card naming its school", async () => {
    await runJourney(stage, "search-schools", async (j) => {
      const page = await j.user("visitor");
      await page.goto(j.url);

      await j.step("'maths' finds Mathematics books", async () => {
        await search(page, "maths");
        const found = await cards(page);
        expect(found.length).toBeGreaterThan(0);
        for (const c of found) expect(c.title).toMatch(/^Mathematics Class \d+$/);
        await j.snap(page, "maths");
      });

      await j.step("'englsh 8' finds English Class 8 of every school, told apart by school", async () => {
        await search(page, "englsh 8");
        const found = await cards(page);
        expect(found.map((c) => c.title)).toEqual(found.map(() => "English Class 8"));
        expect(found.length).toBe(4);
        for (const c of found) expect(c.place).toMatch(/ · Class 8$/);
        expect(new Set(found.map((c) => c.place)).size).toBe(4);
        await j.snap(page, "englsh-8");
      });

      await j.step("a card leads to the product page, which names the school too", async () => {
        const first = page.getByTestId("product-card").first();
        const place = (await first.getByTestId("book-place").textContent()) ?? "";
        await first.getByRole("link").first().click();
        await page.waitForURL(/\/product\/[0-9a-f-]{36}$/);
        await page.getByRole("heading", { level: 1, name: "English Class 8" }).waitFor();
        expect(await page.getByTestId("book-place").textContent()).toBe(place);
        await j.snap(page, "product-page");
      });
    });
  });
});
