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
} from "./journey.ts";

/** Every CSP violation and console error a page (and its frames) reports, from the first byte. */
const watchProblems = async (page: Page): Promise<{ violations: string[]; errors: string[] }> => {
  const violations: string[] = [];
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error") return;
    const text = message.text();
    (/Content Security Policy/i.test(text) ? violations : errors).push(text);
  });
  page.on("pageerror", (err) => errors.push(err.message));
  await page.exposeFunction("reportViolation", (text: string) => violations.push(text));
  await page.addInitScript(
    `document.addEventListener("securitypolicyviolation", (e) =>
      window.reportViolation(e.violatedDirective + " " + e.blockedURI + " " + e.sourceFile + ":" + e.lineNumber));`,
  );
  return { violations, errors };
};

/** Issue 18: what a browser review found broken, each checked in real Chromium. */
describe("issue 18: the browser review's findings", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("item 4: the invoice preview (/pdf) loads its blob: PDF with no CSP violation", async () => {
    await runJourney(stage, "i18-pdf-preview", async (j) => {
      const { orderId, shortId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const page = await j.user("customer");
      const problems = await watchProblems(page);
      await j.step("log in and open the receipt preview", async () => {
        await loginAs(page, j.url, ACCOUNTS.customer);
        await page.goto(`${j.url}/pdf?orderId=${orderId}`);
        await page.getByRole("heading", { name: `Receipt · Order #${shortId}` }).waitFor();
      });
      await j.step("the preview frame shows the PDF, and nothing was refused", async () => {
        const frame = page.locator(`iframe[title="Receipt for order ${shortId}"]`);
        await frame.waitFor();
        expect(await frame.getAttribute("src")).toMatch(/^blob:/);
        // The frame's document is the PDF itself (the viewer), not Chromium's blocked-page error.
        await expect
          .poll(
            () =>
              page
                .frames()
                .find((f) => f.url().startsWith("blob:"))
                ?.url() ?? "",
          )
          .toMatch(/^blob:/);
        await page.waitForTimeout(1000);
        await j.snap(page, "pdf-preview");
        expect(problems.violations).toEqual([]);
      });
    });
  });
});
