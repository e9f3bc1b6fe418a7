import { waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const titleBecomes = (title: string) => waitFor(() => expect(document.title).toBe(title));

/** Each route names its page in the tab's title (it read "Vidya School Books" on every page). */
describe("page titles", () => {
  beforeEach(() => {
    document.title = "Vidya School Books";
    mockApi({
      "GET /api/products/p1": { body: aProduct({ id: "p1", title: "Hindi Class 8" }) },
      "GET /api/search": { body: { schools: [], products: [] } },
    });
  });

  it("names the cart, an order (by its short id) and the orders list", async () => {
    const { router } = renderApp("/cart", { user: aUser() });
    await titleBecomes("Cart · Vidya School Books");
    await router.navigate("/order/0f8e7a52-5c1d-4b0e-8d7a-3c2babcd1234");
    await titleBecomes("Order #abcd1234 · Vidya School Books");
    await router.navigate("/orders");
    await titleBecomes("Orders · Vidya School Books");
  });

  it("names a search by its words, a product by its title, and a missing page", async () => {
    const { router } = renderApp("/search/english");
    await titleBecomes("Results for “english” · Vidya School Books");
    await router.navigate("/product/p1");
    await titleBecomes("Hindi Class 8 · Vidya School Books");
    await router.navigate("/no/such/page");
    await titleBecomes("Page not found · Vidya School Books");
    await router.navigate("/");
    await titleBecomes("Vidya School Books");
  });

  it("names the admin and delivery pages", async () => {
    const { router } = renderApp("/admin", { user: aUser({ accType: 1 }) });
    await titleBecomes("Admin Panel · Vidya School Books");
    await router.navigate("/admin/promotions");
    await titleBecomes("Promotions · Vidya School Books");
    await router.navigate("/delivery");
    await titleBecomes("Delivery · Vidya School Books");
  });
});
