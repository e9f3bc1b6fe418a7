import { randomUUID } from "node:crypto";
import type { OrderChanges, Page, Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after } from "../testing/append.ts";

/** What a delivery page that lost its connection asks the read model on its return. */
describe("GET /api/orders/changes", () => {
  let shop: TestShop;
  let product: Product;
  let admin: Awaited<ReturnType<typeof login>>;
  let rider: Awaited<ReturnType<typeof login>>;

  beforeAll(async () => {
    shop = await startTestShop();
    product = (await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=1")).body
      .items[0] as Product;
    admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
  });
  afterAll(() => shop.destroy());

  it("answers the orders placed or changed after the last seen position, each once, oldest change first", async () => {
    const buyer = await signupCustomer(shop.url, "Nikhil Das");
    const place = async () => {
      const orderId = randomUUID();
      const res = await buyer.api.post<{ position: string }>("/api/orders", {
        orderId,
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: "7 Park Street, Kolkata",
      });
      return { orderId, position: res.body.position };
    };
    const first = await place();
    const seen = await rider.api.get<OrderChanges>("/api/orders/changes", after(first.position));
    expect(seen.status).toBe(200);
    expect(seen.body).toEqual({ items: [], position: first.position, more: false });

    // While the page is away: two new orders, and the first one moves on.
    const second = await place();
    const third = await place();
    const moved = await admin.api.put<{ position: string }>(`/api/orders/${first.orderId}/status`, {
      status: 2,
    });
    const missed = await rider.api.get<OrderChanges>(
      `/api/orders/changes?since=${seen.body.position}`,
      after(moved.body.position),
    );
    expect(missed.body.items.map((o) => [o.id, o.status])).toEqual([
      [second.orderId, 1],
      [third.orderId, 1],
      [first.orderId, 2],
    ]);
    expect(missed.body.position).toBe(moved.body.position);
    expect(missed.body.more).toBe(false);
    const none = await rider.api.get<OrderChanges>(`/api/orders/changes?since=${missed.body.position}`);
    expect(none.body.items).toEqual([]);
  });

  it("is for staff only and refuses a malformed position", async () => {
    const buyer = await signupCustomer(shop.url);
    expect((await buyer.api.get("/api/orders/changes")).status).toBe(403);
    expect((await client(shop.url).get("/api/orders/changes")).status).toBe(401);
    const bad = await rider.api.get("/api/orders/changes?since=-1");
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "since", message: "Use a position like 1234" }]);
  });
});
