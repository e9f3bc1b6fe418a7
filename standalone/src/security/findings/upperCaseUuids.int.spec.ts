import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

describe("finding 6: upper-case UUIDs", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("treats an upper-case order id as the same order: reachable, and its reuse refused", async () => {
    const product = await anyProduct(shop);
    const victim = await signupCustomer(shop.url, "Victim Customer");
    const attacker = await signupCustomer(shop.url, "Attacker Customer");
    const orderId = randomUUID();
    const items = [{ productId: product.id, quantity: 1 }];
    const first = await victim.api.post("/api/orders", { orderId, items, shippingAddress: "Pune" });
    expect(first.status).toBe(201);
    const reused = await attacker.api.post("/api/orders", {
      orderId: orderId.toUpperCase(),
      items,
      shippingAddress: "Elsewhere",
    });
    expect(reused.status).toBe(409);
    expect(reused.body.detail).toBe("Order id already used");

    const ghostId = randomUUID();
    const placed = await attacker.api.post<{ orderId: string; position: string }>("/api/orders", {
      orderId: ghostId.toUpperCase(),
      items: [{ productId: product.id.toUpperCase(), quantity: 1 }],
      shippingAddress: "Pune",
    });
    expect(placed.status).toBe(201);
    expect(placed.body.orderId).toBe(ghostId);
    const read = await attacker.api.get<{ id: string }>(`/api/orders/${ghostId}`, {
      "x-min-position": placed.body.position,
    });
    expect(read.status).toBe(200);
    expect(read.body.id).toBe(ghostId);

    const added = await attacker.api.post("/api/cart/items", { productId: product.id.toUpperCase() });
    expect(added.status).toBeLessThan(300);
    const again = await attacker.api.post<{ position: string }>("/api/cart/items", { productId: product.id });
    const cart = await attacker.api.get<{ items: { productId: string; quantity: number }[] }>("/api/cart", {
      "x-min-position": again.body.position,
    });
    expect(cart.body.items).toEqual([expect.objectContaining({ productId: product.id, quantity: 2 })]);

    reportFinding(
      "6 upper-case UUIDs",
      "re-use another customer's order id in upper case; place an order and a cart line with upper-case ids",
      `reuse ${reused.status} ${String(reused.body.detail)}; order ${placed.status} as ${placed.body.orderId}, read back ${read.status}; cart holds one line of ${cart.body.items[0]?.quantity}`,
    );
  });
});
