import { randomUUID } from "node:crypto";
import type { Product } from "@shop/contracts";
import { login } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, bootStage, closeStage, loginAs, runJourney, type Stage } from "./journey.ts";

/** Rectangles as the page lays them out (this workspace compiles without the DOM library). */
interface Box {
  text: string;
  right: number;
}

/** The second browser review, after the merges: what it found broken, each checked in Chromium. */
describe("browser review 2: the merged shop in Chromium", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("a new shop's dashboard, before any order, labels its charts' axes with whole numbers", async () => {
    await runJourney(stage, "r2-dashboard-empty", async (j) => {
      const admin = await j.user("admin");
      await j.step("the admin opens the dashboard of a shop with no orders yet", async () => {
        await loginAs(admin, j.url, ACCOUNTS.admin);
        await admin.goto(`${j.url}/admin/dashboard`);
        await admin.getByRole("heading", { name: "Revenue and orders per day" }).waitFor();
        await admin.locator(".MuiChartsAxis-directionY .MuiChartsAxis-tickLabel").nth(1).waitFor();
        await j.snap(admin, "dashboard-empty");
      });
      await j.step("every y-axis label is a whole number, none cut with an ellipsis", async () => {
        const labels = await admin
          .locator(".MuiChartsAxis-directionY .MuiChartsAxis-tickLabel")
          .allTextContents();
        expect(labels.length).toBeGreaterThanOrEqual(2);
        expect(labels.filter((l) => !/^[\d,]+$/.test(l))).toEqual([]);
      });
    });
  });

  it("on a 360 px phone the dashboard's tables show every column inside their card, and a top book names its school", async () => {
    await runJourney(stage, "r2-dashboard-phone", async (j) => {
      const schoolBook = await j.step(
        "a customer orders two school books (one each of two schools)",
        async () => {
          const customer = await login(j.url, ACCOUNTS.customer.email, ACCOUNTS.customer.password);
          const books = (await customer.api.get<{ items: Product[] }>("/api/products?kind=book")).body.items;
          const english = books.filter((b) => b.title === "English Class 1" && b.schoolId).slice(0, 2);
          expect(english).toHaveLength(2);
          const placed = await customer.api.post<{ position: string }>("/api/orders", {
            orderId: randomUUID(),
            items: english.map((b) => ({ productId: b.id, quantity: 1 })),
            shippingAddress: "221 Sahakar Nagar, Pune, Maharashtra 411009",
          });
          expect(placed.status).toBe(201);
          return english;
        },
      );

      const admin = await j.user("admin", { width: 360, height: 780 });
      await j.step("the admin opens the dashboard on a phone", async () => {
        await loginAs(admin, j.url, ACCOUNTS.admin);
        await admin.goto(`${j.url}/admin/dashboard`);
        await admin.getByRole("table", { name: "Per school" }).getByRole("row").nth(1).waitFor();
        await admin.getByRole("table", { name: "Top 10 books" }).getByRole("row").nth(2).waitFor();
        await j.snap(admin, "dashboard-360");
      });

      for (const name of ["Per school", "Top 10 books"]) {
        await j.step(`every cell of '${name}' lies inside its card`, async () => {
          await admin.getByRole("table", { name }).waitFor();
          // A string, not a function: this workspace compiles without the DOM library.
          const { card, cells } = (await admin.evaluate(`(() => {
            const table = document.querySelector('table[aria-label="${name}"]');
            return {
              card: table.closest(".MuiPaper-root").getBoundingClientRect().right,
              cells: [...table.querySelectorAll("th, td")].map((e) => ({
                text: e.textContent,
                right: e.getBoundingClientRect().right,
              })),
            };
          })()`)) as { card: number; cells: Box[] };
          const clipped = cells.filter((c) => c.right > Number(card) + 0.5).map((c) => c.text);
          expect(clipped).toEqual([]);
        });
      }

      await j.step("the two 'English Class 1' rows of Top 10 books name their schools", async () => {
        const rows = admin.getByRole("table", { name: "Top 10 books" }).getByRole("row");
        const texts = await rows.allTextContents();
        for (const book of schoolBook) {
          const school = (await admin.request
            .get(`${j.url}/api/schools/${book.schoolId}`)
            .then((r) => r.json())) as {
            name: string;
          };
          expect(texts.some((t) => t.startsWith(`English Class 1${school.name}`))).toBe(true);
        }
      });
    });
  });
});
