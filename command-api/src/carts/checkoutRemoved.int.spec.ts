import { randomUUID } from "node:crypto";
import type { Cart, Order, Page, Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Issue 18, item 1: a product removed from the catalogue leaves the customer's cart (the page no
 * longer shows it, so nobody can take it out by hand); the next checkout orders what is left.
 */
describe("checking out a cart whose product was removed", () => {
  let shop: TestShop;
  let kept: Product;
  let dropped: Product;
  beforeAll(async () => {
    shop = await startTestShop();
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=stationery");
    [kept, dropped] = list.body.items as [Product, Product];
  });
  afterAll(() => shop.destroy());

  it("orders the lines still sold at the cart's shown total, and says so when nothing is left", async () => {
    const customer = await signupCustomer(shop.url);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    await customer.api.post("/api/cart/items", { productId: kept.id, quantity: 2 });
    await customer.api.post("/api/cart/items", { productId: dropped.id, quantity: 1 });
    const removed = await admin.api.del<{ position: string }>(`/api/products/${dropped.id}`);
    expect(removed.status).toBe(200);

    const cart = await customer.api.get<Cart>("/api/cart", { "x-min-position": removed.body.position });
    expect(cart.body.items.map((i) => i.productId)).toEqual([kept.id]);
    expect(cart.body.changes).toEqual([
      { productId: dropped.id, before: expect.objectContaining({ title: dropped.title }), after: null },
    ]);

    const orderId = randomUUID();
    const res = await customer.api.post<{ orderId: string; position: string }>("/api/cart/checkout", {
      orderId,
      shippingAddress: "12 MG Road, Pune",
      expectedPayablePaise: cart.body.totals.payablePaise,
    });
    expect(res.status).toBe(201);
    const order = await customer.api.get<Order>(`/api/orders/${orderId}`, {
      "x-min-position": res.body.position,
    });
    expect(order.body.items.map((i) => [i.productId, i.quantity])).toEqual([[kept.id, 2]]);
    expect(order.body.totals.payablePaise).toBe(cart.body.totals.payablePaise);

    const after = await customer.api.get<Cart>("/api/cart", { "x-min-position": res.body.position });
    expect(after.body.items).toEqual([]);
    const again = await customer.api.post("/api/cart/checkout", {
      orderId: randomUUID(),
      shippingAddress: "12 MG Road, Pune",
    });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("Cart is empty");
  });
});
