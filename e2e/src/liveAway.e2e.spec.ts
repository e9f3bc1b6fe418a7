import { login } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  closeStage,
  loginAs,
  PHONE,
  placeOrderByApi,
  runJourney,
  type Stage,
  waitForText,
} from "./journey.ts";

const AWAY = "Connection lost. Reconnecting… what changed meanwhile will show once it is back.";

/**
 * A customer watching an order on a phone that lost its network saw the last status as if it were
 * the current one: nothing said that live updates had stopped (the rider's list did). The order
 * page now says so too, and catches up once the phone is back.
 */
describe("live updates paused on a phone without a network", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("says so on the order page while offline, then shows the status that changed meanwhile", async () => {
    await runJourney(stage, "live-away", async (j) => {
      const { orderId } = await placeOrderByApi(j.url, ACCOUNTS.customer);
      const phone = await j.user("customer", PHONE, { hasTouch: true, isMobile: true });
      await j.step("the customer watches the order", async () => {
        await loginAs(phone, j.url, ACCOUNTS.customer);
        await phone.goto(`${j.url}/order/${orderId}`);
        await waitForText(phone.getByTestId("order-status"), "Pending");
        expect(await phone.getByTestId("live-away").count()).toBe(0);
      });
      await j.step("the phone loses its network; the admin moves the order on meanwhile", async () => {
        await phone.context().setOffline(true);
        await phone.getByTestId("live-away").waitFor();
        expect(await phone.getByRole("status").filter({ hasText: AWAY }).count()).toBe(1);
        await j.snap(phone, "offline");
        const admin = await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
        expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
      });
      await j.step("back online: the notice goes and the status caught up", async () => {
        await phone.context().setOffline(false);
        await phone.getByTestId("live-away").waitFor({ state: "detached" });
        await waitForText(phone.getByTestId("order-status"), "Processing");
        await j.snap(phone, "back-online");
      });
    });
  });
});
