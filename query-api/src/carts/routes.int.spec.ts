import type { Cart, Page, Product } from "@shop/contracts";
import { client, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

describe("GET /api/cart", () => {
  let shop: TestShop;
  let products: Product[];
  beforeAll(async () => {
    shop = await startTestShop();
    products = (await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=3")).body.items;
  });
  afterAll(() => shop.destroy());

  it("needs a login", async () => {
    const res = await client(shop.url).get("/api/cart");
    expect(res.status).toBe(401);
    expect(res.body.detail).toBe("Login First!");
  });

  it("answers an empty cart for a new customer", async () => {
    const customer = await signupCustomer(shop.url);
    expect((await customer.api.get("/api/cart")).body).toEqual({
      items: [],
      totals: { pricePaise: 0, discountPaise: 0, payablePaise: 0 },
    });
  });

  it("answers the customer's own lines joined with the current products, with totals; checkout empties it", async () => {
    const buyer = await signupCustomer(shop.url);
    const other = await signupCustomer(shop.url);
    const [a, b] = products as [Product, Product];
    const userId = buyer.user.id;
    const position = await appendEvents(shop.events, `cart-${userId}`, [
      { type: "CartItemAdded", data: { userId, productId: a.id, quantity: 1 } },
      { type: "CartItemAdded", data: { userId, productId: b.id, quantity: 2 } },
      { type: "CartItemQuantityChanged", data: { userId, productId: a.id, quantity: 3 } },
    ]);
    const res = await buyer.api.get<Cart>("/api/cart", after(position));
    expect(res.status).toBe(200);
    expect(res.body.items).toEqual([
      { productId: a.id, quantity: 3, product: a },
      { productId: b.id, quantity: 2, product: b },
    ]);
    const price = a.pricePaise * 3 + b.pricePaise * 2;
    const discount = a.discountPaise * 3 + b.discountPaise * 2;
    expect(res.body.totals).toEqual({
      pricePaise: price,
      discountPaise: discount,
      payablePaise: price - discount,
    });
    expect((await other.api.get<Cart>("/api/cart", after(position))).body.items).toEqual([]);

    const done = await appendEvents(shop.events, `cart-${userId}`, [
      { type: "CartCheckedOut", data: { userId, orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f" } },
    ]);
    expect((await buyer.api.get<Cart>("/api/cart", after(done))).body.items).toEqual([]);
  });

  it("answers 400 for query parameters", async () => {
    const customer = await signupCustomer(shop.url);
    expect((await customer.api.get("/api/cart?email=a@example.com")).status).toBe(400);
  });
});
