import { randomUUID } from "node:crypto";
import { type Page, type Product, Streams } from "@shop/contracts";
import { client, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesIn } from "../testing/streams.ts";

describe("the cart over HTTP", () => {
  let shop: TestShop;
  let a: Product;
  let b: Product;
  beforeAll(async () => {
    shop = await startTestShop();
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=notebook");
    [a, b] = list.body.items as [Product, Product];
  });
  afterAll(() => shop.destroy());

  it("needs a login and a known product", async () => {
    const anon = await client(shop.url).post("/api/cart/items", { productId: a.id });
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toBe("Login First!");
    const customer = await signupCustomer(shop.url);
    const unknown = await customer.api.post("/api/cart/items", { productId: randomUUID() });
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Book Not Found!");
    expect(await typesIn(shop.events, Streams.cart(customer.user.id))).toEqual([]);
  });

  it("adds to a line up to 99, changes quantities, and 0 removes a line", async () => {
    const customer = await signupCustomer(shop.url);
    const stream = Streams.cart(customer.user.id);
    expect((await customer.api.post("/api/cart/items", { productId: a.id, quantity: 60 })).status).toBe(200);
    expect((await customer.api.post("/api/cart/items", { productId: a.id, quantity: 60 })).status).toBe(200);
    const events = await shop.events.readStream(stream);
    expect(events.map((e) => (e.data as { quantity: number }).quantity)).toEqual([60, 39]);
    expect((await customer.api.patch(`/api/cart/items/${a.id}`, { quantity: 100 })).status).toBe(400);
    expect((await customer.api.patch(`/api/cart/items/${a.id}`, { quantity: 3 })).status).toBe(200);
    expect((await customer.api.patch(`/api/cart/items/${a.id}`, { quantity: 0 })).status).toBe(200);
    expect((await customer.api.del(`/api/cart/items/${b.id}`)).status).toBe(200);
    expect(await typesIn(shop.events, stream)).toEqual([
      "CartItemAdded",
      "CartItemAdded",
      "CartItemQuantityChanged",
      "CartItemRemoved",
    ]);
  });

  it("checks out: the order first, then the cart; a retry answers the same and appends nothing", async () => {
    const customer = await signupCustomer(shop.url);
    const empty = await customer.api.post("/api/cart/checkout", {
      orderId: randomUUID(),
      shippingAddress: "Pune",
    });
    expect(empty.status).toBe(409);
    expect(empty.body.detail).toBe("Cart is empty");

    await customer.api.post("/api/cart/items", { productId: a.id, quantity: 2 });
    await customer.api.post("/api/cart/items", { productId: b.id, quantity: 1 });
    const payable = 2 * (a.pricePaise - a.discountPaise) + (b.pricePaise - b.discountPaise);
    const orderId = randomUUID();
    const stale = await customer.api.post<{ payablePaise: number }>("/api/cart/checkout", {
      orderId,
      shippingAddress: "Pune",
      expectedPayablePaise: payable + 100,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.payablePaise).toBe(payable);
    expect(await typesIn(shop.events, Streams.order(orderId))).toEqual([]);

    const body = { orderId, shippingAddress: "Pune", expectedPayablePaise: payable };
    const done = await customer.api.post<{ orderId: string }>("/api/cart/checkout", body);
    expect(done.status).toBe(201);
    expect(done.body.orderId).toBe(orderId);
    const order = await shop.events.readStream(Streams.order(orderId));
    expect(order[0]?.data).toMatchObject({ source: { kind: "cart" }, totals: { payablePaise: payable } });
    const cartTypes = await typesIn(shop.events, Streams.cart(customer.user.id));
    expect(cartTypes.at(-1)).toBe("CartCheckedOut");
    const head = await shop.events.headPosition();
    const retry = await customer.api.post<{ orderId: string }>("/api/cart/checkout", body);
    expect(retry.status).toBe(201);
    expect(retry.body.orderId).toBe(orderId);
    expect(await shop.events.headPosition()).toBe(head);
    expect(
      (await customer.api.post("/api/cart/checkout", { orderId: randomUUID(), shippingAddress: "Pune" }))
        .status,
    ).toBe(409);
  });
});
