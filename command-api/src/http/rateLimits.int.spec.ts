import { randomUUID } from "node:crypto";
import type { Page, Product } from "@shop/contracts";
import { client, login, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("rate limits from configuration", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_SIGNUP: "2", RATE_LIMIT_OTP_SEND: "2" } });
  });
  afterAll(() => shop.destroy());

  it("refuses the third signup from one address within the hour", async () => {
    const signup = (n: number) =>
      client(shop.url).post("/api/auth/signup", {
        name: `User ${n}`,
        email: `limit.${n}.${Date.now()}@example.com`,
        contact: "1",
        password: "long-enough-1",
        address: "Indore",
      });
    expect((await signup(1)).status).toBe(201);
    expect((await signup(2)).status).toBe(201);
    const third = await signup(3);
    expect(third.status).toBe(429);
    expect(Number(third.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses a third OTP for one order within the hour", async () => {
    const customer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=1");
    const orderId = randomUUID();
    await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: list.body.items[0]?.id, quantity: 1 }],
      shippingAddress: "Indore",
    });
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await rider.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);
    expect((await rider.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);
    const third = await rider.api.post(`/api/orders/${orderId}/delivery-otp`);
    expect(third.status).toBe(429);
    expect(third.headers.get("retry-after")).toBeTruthy();
  });
});
