import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import type { Order, Page, Product } from "@shop/contracts";
import { afterAll, describe, expect, it } from "vitest";
import { client, login } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

/** Durability: a restart on the same DATA_DIR keeps every order and every revoked session. */
describe("a restart on the same data folder", () => {
  let shop: TestShop | undefined;
  let dataDir = "";
  afterAll(async () => {
    await shop?.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps orders, their history and revoked sessions; the demo seed adds nothing twice", async () => {
    shop = await startTestShop();
    dataDir = shop.dataDir;
    const customer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const products = await client(shop.url).get<Page<Product>>("/api/products?kind=stationery");
    const product = products.body.items[0];
    if (!product) throw new Error("no stationery in the demo catalogue");
    const orderId = randomUUID();
    const placed = await customer.api.post<{ position: string }>("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 3 }],
      shippingAddress: "221 Sahakar Nagar, Pune",
    });
    expect(placed.status).toBe(201);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);

    const revoked = await login(shop.url, "customer@example.com", "customer-pass-1");
    expect((await revoked.api.post("/api/auth/logout")).status).toBe(204);
    expect((await revoked.api.get("/api/auth/me")).status).toBe(401);
    const countBefore = (await client(shop.url).get<Page<Product>>("/api/products?limit=200")).body.items
      .length;

    await shop.close();
    shop = await startTestShop({ dataDir });

    // The same tokens, against the restarted process on its new port.
    const customerAgain = client(shop.url, customer.token);
    const revokedAgain = client(shop.url, revoked.token);
    const ready = await client(shop.url).get<{ status: string }>("/readyz");
    expect(ready.status).toBe(200);
    const order = await customerAgain.get<Order>(`/api/orders/${orderId}`);
    expect(order.status).toBe(200);
    expect(order.body.status).toBe(2);
    expect(order.body.items[0]?.quantity).toBe(3);
    expect(order.body.timeline.map((t) => t.type)).toEqual(["OrderPlaced", "OrderStatusChanged"]);
    expect((await revokedAgain.get("/api/auth/me")).status).toBe(401);
    expect((await customerAgain.get("/api/auth/me")).status).toBe(200);
    const countAfter = (await client(shop.url).get<Page<Product>>("/api/products?limit=200")).body.items
      .length;
    expect(countAfter).toBe(countBefore);
  });
});
