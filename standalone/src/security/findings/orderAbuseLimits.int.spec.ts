import { randomUUID } from "node:crypto";
import type { Page, Product } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

describe("finding 7: no abuse limits on orders", () => {
  let shop: TestShop;
  let products: Product[] = [];
  let adminToken = "";
  beforeAll(async () => {
    // Small limits so the test reaches them quickly; the defaults are documented in the README.
    shop = await startTestShop({ env: { RATE_LIMIT_ORDERS: "5", ORDER_OPEN_MAX: "3" } });
    adminToken = await seedAdminToken(shop);
    products = (await client(shop.url).get<Page<Product>>("/api/products?limit=60")).body.items;
  });
  afterAll(() => shop.destroy());

  const order = (lines: number, quantity = 1) => ({
    orderId: randomUUID(),
    items: Array.from({ length: lines }, (_, i) => ({
      productId: (products[i % products.length] as Product).id,
      quantity,
    })),
    shippingAddress: "Pune",
  });

  it("caps lines per order and quantity per line with a field error", async () => {
    expect(products.length).toBeGreaterThan(1);
    const customer = await signupCustomer(shop.url, "Bulk Buyer");
    const longOrder = { ...order(1), items: Array.from({ length: 51 }, () => order(1).items[0]) };
    const lines = await customer.api.post<{ detail: string; errors: { path: string; message: string }[] }>(
      "/api/orders",
      longOrder,
    );
    expect(lines.status).toBe(400);
    expect(lines.body.errors).toContainEqual({ path: "items", message: "An order holds at most 50 lines" });
    const many = await customer.api.post<{ detail: string; errors: { path: string; message: string }[] }>(
      "/api/orders",
      order(1, 100),
    );
    expect(many.status).toBe(400);
    expect(many.body.errors).toContainEqual({ path: "items.0.quantity", message: "At most 99 of one item" });
    reportFinding(
      "7 order abuse limits",
      "one order of 51 lines; one line of quantity 100",
      `${lines.status} ${JSON.stringify(lines.body.errors)}; ${many.status} ${JSON.stringify(many.body.errors)}`,
    );
  });

  it("caps a customer's open (undelivered) orders and orders per hour", async () => {
    const admin = client(shop.url, adminToken);
    const customer = await signupCustomer(shop.url, "Burst Buyer");
    const placed: { orderId: string; position: string }[] = [];
    for (let i = 0; i < 3; i++) {
      const res = await customer.api.post<{ orderId: string; position: string }>("/api/orders", order(2));
      expect(res.status).toBe(201);
      placed.push(res.body);
    }
    const fourth = await customer.api.post("/api/orders", order(2));
    expect(fourth.status).toBe(409);
    expect(fourth.body.detail).toBe("Too many open orders! Wait until one is delivered");

    // Two delivered: two more may be placed, but the hour's budget (5) is then spent.
    for (const p of placed.slice(0, 2)) {
      const done = await admin.put<{ position: string }>(`/api/orders/${p.orderId}/status`, { status: 3 });
      expect(done.status).toBe(200);
      await admin.get(`/api/orders/${p.orderId}`, { "x-min-position": done.body.position });
    }
    const fifth = await customer.api.post("/api/orders", order(1));
    expect(fifth.status).toBe(201);
    const sixth = await customer.api.post("/api/orders", order(1));
    expect(sixth.status).toBe(429);
    expect(sixth.body.detail).toBe("Too many requests, try again later");
    expect(Number(sixth.headers.get("retry-after"))).toBeGreaterThan(0);
    // Another customer is not affected.
    const other = await signupCustomer(shop.url, "Calm Buyer");
    expect((await other.api.post("/api/orders", order(1))).status).toBe(201);
    reportFinding(
      "7 order abuse limits",
      "a 4th open order (cap 3), then a 6th order in the hour (cap 5)",
      `${fourth.status} ${String(fourth.body.detail)}; ${sixth.status} ${String(sixth.body.detail)} Retry-After ${sixth.headers.get("retry-after")}`,
    );
  });
});
