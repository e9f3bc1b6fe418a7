import { formatRupees, type Order, type Product } from "@shop/contracts";
import { login } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ACCOUNTS,
  bootStage,
  clearToasts,
  closeStage,
  loginAs,
  paiseOf,
  runJourney,
  type Stage,
  toastSays,
  waitForText,
} from "./journey.ts";

/** Issue 18, item 1: an admin reprices a book while a customer's cart (and its checkout) is open. */
describe("a price change reaches an open cart", () => {
  let stage: Stage;
  beforeAll(async () => {
    stage = await bootStage();
  });
  afterAll(() => closeStage(stage));

  it("updates the cart live, names the line old → new, and one more Confirm places the order at the new price", async () => {
    await runJourney(stage, "cart-price-change", async (j) => {
      const customerApi = await login(j.url, ACCOUNTS.customer.email, ACCOUNTS.customer.password);
      const adminApi = await login(j.url, ACCOUNTS.admin.email, ACCOUNTS.admin.password);
      const notebook = (await customerApi.api.get<{ items: Product[] }>("/api/products?kind=notebook")).body
        .items[0];
      if (!notebook) throw new Error("the demo catalogue has no notebook");
      const oldEach = notebook.pricePaise - notebook.discountPaise;
      const newPrice = notebook.pricePaise + 5_000;
      const newEach = newPrice - notebook.discountPaise;

      const page = await j.user("customer");
      await j.step("the customer has two of the notebook in the cart and opens the checkout", async () => {
        const added = await customerApi.api.post("/api/cart/items", { productId: notebook.id, quantity: 2 });
        expect(added.status).toBe(200);
        await loginAs(page, j.url, ACCOUNTS.customer);
        await page.goto(`${j.url}/cart`);
        await page.getByTestId("cart-line").first().waitFor();
        await waitForText(page.getByTestId("cart-total"), formatRupees(2 * oldEach));
        await page.getByRole("button", { name: "Buy Now" }).click();
        await page.getByRole("dialog", { name: "Confirm Order Details" }).waitFor();
        await j.snap(page, "checkout-open-old-price");
      });

      const notice = `The price of “${notebook.title}” changed from ${formatRupees(oldEach)} to ${formatRupees(newEach)}.`;
      await j.step("an admin raises the notebook's price", async () => {
        await clearToasts(page);
        const { id: _id, schoolName: _school, ...fields } = notebook;
        const put = await adminApi.api.put(`/api/products/${notebook.id}`, {
          ...fields,
          pricePaise: newPrice,
        });
        expect(put.status).toBe(200);
      });

      await j.step(
        "the customer's page says which line changed, old → new, and shows the new total",
        async () => {
          await toastSays(page, notice);
          await waitForText(page.getByTestId("cart-line-change"), notice);
          await waitForText(page.getByTestId("cart-total"), formatRupees(2 * newEach));
          const dialog = page.getByRole("dialog", { name: "Confirm Order Details" });
          expect(paiseOf((await dialog.textContent()) ?? "")).toBe(2 * newEach);
          await j.snap(page, "cart-repriced-live");
        },
      );

      await j.step("one Confirm places the order at the new price", async () => {
        await page
          .getByRole("dialog", { name: "Confirm Order Details" })
          .getByRole("button", { name: "Confirm" })
          .click();
        await toastSays(page, "Order Created!");
        await page.waitForURL(/\/orders$/);
        await j.snap(page, "ordered-at-new-price");
        const orders = await customerApi.api.get<{ items: { id: string }[] }>("/api/orders");
        const newest = orders.body.items[0];
        if (!newest) throw new Error("no order");
        const order = await customerApi.api.get<Order>(`/api/orders/${newest.id}`);
        expect(order.body.totals.payablePaise).toBe(2 * newEach);
      });
    });
  });
});
