import { client } from "@shop/standalone";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  DESKTOP,
  loginAs,
  placeOrderByApi,
  runJourney,
  type Stage,
  toastSays,
} from "./journey.ts";

/** A real phone: touch, and a layout viewport that grows to fit content wider than the screen. */
const TOUCH_PHONE = { hasTouch: true, isMobile: true } as const;

/** [the page's scrollWidth, the layout viewport's width]: a phone widens the latter to fit the former. */
const pageWidths = (page: Page): Promise<[number, number]> =>
  page.evaluate("[document.documentElement.scrollWidth, window.innerWidth]") as Promise<[number, number]>;

/** What has the keyboard's focus: its tag and its name (aria-label or text). */
const focused = (page: Page): Promise<string> =>
  page.evaluate(
    "(() => { const e = document.activeElement; return e ? e.tagName.toLowerCase() + ' ' + (e.getAttribute('aria-label') ?? e.textContent ?? '').trim() : '' })()",
  ) as Promise<string>;

/** The third browser review: phones with long real-world data, the keyboard, and 320 px. */
describe("browser review 3: long data on real phones, the keyboard's focus, 320 px", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("a customer's long e-mail keeps the rider's order page and the admin's messages at the phone's width", async () => {
    await runJourney(stage, "r3-long-email", async (j) => {
      const PHONE_360 = { width: 360, height: 780 };
      // A real address of this length (50 characters, no space to break at) is common enough.
      const email = `venkatanarasimharajuvaripeta.iyengar.${Date.now() % 100000}@example.com`;
      const account = { email, password: "a-long-password", name: "Venkatanarasimharajuvaripeta Iyengar" };
      const { orderId } = await j.step("the customer signs up, orders, and writes to the shop", async () => {
        const signup = await client(j.url).post("/api/auth/signup", {
          ...account,
          contact: "+91 90000 00000",
          address: "12, 4th Cross, Basavanagudi, Bengaluru 560004",
        });
        expect(signup.status).toBe(201);
        const sent = await client(j.url).post("/api/messages", {
          name: account.name,
          email,
          message: "Please deliver before 5 pm.",
        });
        expect(sent.status).toBe(201);
        return placeOrderByApi(j.url, account, "12, 4th Cross, Basavanagudi, Bengaluru 560004");
      });

      await j.step("the rider's order page, Delivery tab, on a 360 px phone", async () => {
        const rider = await j.user("rider", PHONE_360, TOUCH_PHONE);
        await loginAs(rider, j.url, ACCOUNTS.delivery);
        await rider.goto(`${j.url}/order/${orderId}`);
        await rider.getByRole("tab", { name: "Delivery" }).click();
        await rider.getByRole("table", { name: "Deliver to" }).getByText(email).waitFor();
        await j.snap(rider, "rider-deliver-to-360");
        // Before: 498 px wide, so the phone zoomed the whole page out (OTP box and all).
        expect(await pageWidths(rider)).toEqual([PHONE_360.width, PHONE_360.width]);
      });

      await j.step("the admin's messages on a 360 px phone", async () => {
        const admin = await j.user("admin", PHONE_360, TOUCH_PHONE);
        await loginAs(admin, j.url, ACCOUNTS.admin);
        await admin.goto(`${j.url}/admin/viewMessages`);
        await admin.getByTestId("message").filter({ hasText: email }).waitFor();
        await j.snap(admin, "messages-360");
        // Before: 450 px wide, the sender's e-mail ran out of its card.
        expect(await pageWidths(admin)).toEqual([PHONE_360.width, PHONE_360.width]);
      });
    });
  });

  it("a button pressed from the keyboard keeps the focus while its command is on its way", async () => {
    await runJourney(stage, "r3-keyboard-focus", async (j) => {
      const { orderId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const page = await j.user("keyboard", DESKTOP);
      /** Presses Enter on the button, waits for what it says, then: where the focus is. */
      const press = async (name: string, says: () => Promise<void>, scope = page.getByRole("main")) => {
        await scope.getByRole("button", { name, exact: true }).focus();
        await page.keyboard.press("Enter");
        await says();
        return focused(page);
      };

      await j.step("a failed login leaves the focus on Login (it fell to the page)", async () => {
        await page.goto(`${j.url}/login`);
        const form = page.getByRole("form", { name: "Login" });
        await form.getByLabel("Email").fill(ACCOUNTS.customer.email);
        await form.getByLabel("Password").fill("not-the-password");
        expect(await press("Login", () => toastSays(page, "Invalid email or password"))).toBe("button Login");
      });

      await j.step("Add to Cart keeps the focus once added", async () => {
        await loginAs(page, j.url, ACCOUNTS.customer);
        const notebooks = await client(j.url).get<{ items: { id: string }[] }>("/api/products?kind=notebook");
        await page.goto(`${j.url}/stationery/${notebooks.body.items[0]?.id}`);
        expect(await press("Add to Cart", () => toastSays(page, "Added to Cart!"))).toBe(
          "button Add to Cart",
        );
      });

      await j.step("the rider's Send OTP keeps the focus once sent", async () => {
        const rider = await j.user("rider", DESKTOP);
        await loginAs(rider, j.url, ACCOUNTS.delivery);
        await rider.goto(`${j.url}/order/${orderId}`);
        await rider.getByRole("tab", { name: "Delivery" }).click();
        const block = rider.getByRole("region", { name: "Complete Delivery" });
        await block.getByRole("button", { name: "Send OTP" }).focus();
        await rider.keyboard.press("Enter");
        await block.getByRole("status").filter({ hasText: "OTP sent to" }).waitFor();
        expect(await focused(rider)).toBe("button Send OTP");
        await j.snap(rider, "otp-sent-focus");
      });
    });
  });

  it("on a 320 px phone the school's book table shows every book's select box without scrolling it", async () => {
    await runJourney(stage, "r3-school-320", async (j) => {
      const schools = await client(j.url).get<{ items: { id: string }[] }>("/api/schools");
      const page = await j.user("visitor-320", { width: 320, height: 640 }, TOUCH_PHONE);
      await j.step("open the first school", async () => {
        await page.goto(`${j.url}/school/${schools.body.items[0]?.id}`);
        await page.getByTestId("school-book").first().waitFor();
        await j.snap(page, "school-320");
      });
      await j.step("each select box lies inside the table's visible box", async () => {
        // A string, not a function: this workspace compiles without the DOM library.
        const hidden = (await page.evaluate(`(() => {
          const box = document.querySelector('table[aria-label="School books"]').parentElement.getBoundingClientRect();
          return [...document.querySelectorAll('table[aria-label="School books"] input[type=checkbox]')]
            .filter((c) => c.getBoundingClientRect().right > box.right + 0.5)
            .map((c) => c.getAttribute("aria-label"));
        })()`)) as string[];
        // Before: all 15 (the table scrolled sideways inside its box, the boxes past its right edge).
        expect(hidden).toEqual([]);
        expect(await pageWidths(page)).toEqual([320, 320]);
      });
    });
  });

  it("the rider's phone reloading the order page (or bringing back a discarded tab) stays on Delivery", async () => {
    await runJourney(stage, "r3-tab-reload", async (j) => {
      const { orderId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const rider = await j.user("rider", { width: 390, height: 844 }, TOUCH_PHONE);
      await j.step("the rider opens the order's Delivery tab, then the page loads again", async () => {
        await loginAs(rider, j.url, ACCOUNTS.delivery);
        await rider.goto(`${j.url}/order/${orderId}`);
        await rider.getByRole("tab", { name: "Delivery" }).click();
        await rider.getByRole("region", { name: "Complete Delivery" }).waitFor();
        await rider.reload();
        // Before: the Summary tab, the OTP block one more tap away.
        await rider.getByRole("region", { name: "Complete Delivery" }).waitFor();
        expect(await rider.getByRole("tab", { selected: true }).textContent()).toBe("Delivery");
        await j.snap(rider, "after-reload");
      });
      await j.step("Summary again, then back to the delivery list and forward: still Summary", async () => {
        await rider.getByRole("tab", { name: "Summary" }).click();
        await rider.goto(`${j.url}/delivery`);
        await rider.getByTestId("staff-order-row").first().waitFor();
        await rider.goBack();
        await rider.getByRole("tab", { name: "Summary", selected: true }).waitFor();
      });
    });
  });
});
