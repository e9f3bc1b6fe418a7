import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ACCOUNTS, bootStage, closeStage, loginAs, runJourney, type Stage } from "./journey.ts";

/** The longest CSS transition (duration + delay, in s) on the open dialog and its backdrop. */
const dialogMotion = (page: Page): Promise<number> =>
  page.evaluate(`(() => {
    const seconds = (list) => list.split(",").map((t) => parseFloat(t) * (t.trim().endsWith("ms") ? 0.001 : 1));
    let longest = 0;
    for (const el of document.querySelectorAll(".MuiDialog-root, .MuiDialog-root *")) {
      const style = getComputedStyle(el);
      const durations = seconds(style.transitionDuration);
      const delays = seconds(style.transitionDelay);
      durations.forEach((d, i) => { longest = Math.max(longest, d + (delays[i] ?? delays[0] ?? 0)); });
    }
    return longest;
  })()`);

/**
 * A reviewer with "reduce motion" set saw dialogs fade and grow in as for anyone (only the home
 * page's carousel honoured it). With it set, a dialog is there at once; without it, it still moves.
 */
describe("reduced motion", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("opens a dialog without its transition when the user asked for less motion", async () => {
    await runJourney(stage, "reduced-motion", async (j) => {
      const openDialog = async (page: Page) => {
        await loginAs(page, j.url, ACCOUNTS.admin);
        await page.goto(`${j.url}/admin/promotions`);
        await page.getByRole("button", { name: "Add Promotion +" }).click();
        await page.getByRole("dialog", { name: "Add Promotion" }).waitFor();
      };
      const still = await j.user("admin asking for less motion");
      await still.emulateMedia({ reducedMotion: "reduce" });
      const moving = await j.user("admin");
      await j.step("less motion: no transition on the dialog", async () => {
        await openDialog(still);
        expect(await dialogMotion(still)).toBe(0);
      });
      await j.step("no preference: the dialog still fades in", async () => {
        await openDialog(moving);
        expect(await dialogMotion(moving)).toBeGreaterThan(0.1);
      });
    });
  });
});
