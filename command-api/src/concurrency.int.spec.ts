import { randomUUID } from "node:crypto";
import { type Page, type Product, Streams } from "@shop/contracts";
import type { RecordedEvent } from "@shop/platform";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const N = 50;

/**
 * 50 concurrent commands on the same stream: each accepted command's event is in the log exactly
 * once (traced by its Idempotency-Key in the event metadata), refused ones got 409, none got a 5xx.
 */
describe("concurrent commands on one stream", () => {
  let shop: TestShop;
  let product: Product;
  beforeAll(async () => {
    shop = await startTestShop();
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=notebook");
    product = list.body.items[0] as Product;
  });
  afterAll(() => shop.destroy());

  const keysIn = (events: RecordedEvent[]) => events.map((e) => e.metadata.idempotencyKey);
  const expectOnlyOkOr409 = (statuses: number[], ok: number) => {
    expect(statuses.filter((s) => s >= 500)).toEqual([]);
    expect(statuses.filter((s) => s !== ok && s !== 409)).toEqual([]);
  };

  it("status changes: a consistent from→to chain, each accepted change once", async () => {
    const customer = await signupCustomer(shop.url);
    const orderId = randomUUID();
    await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Goa",
    });
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const results = await Promise.all(
      Array.from({ length: N }, async (_, i) => {
        const key = randomUUID();
        const res = await fetch(`${shop.url}/api/orders/${orderId}/status`, {
          method: "PUT",
          headers: {
            authorization: `Bearer ${admin.token}`,
            "content-type": "application/json",
            "idempotency-key": key,
          },
          body: JSON.stringify({ status: (i % 3) + 1 }),
        });
        return { key, status: res.status };
      }),
    );
    expectOnlyOkOr409(
      results.map((r) => r.status),
      200,
    );
    const changes = (await shop.events.readStream(Streams.order(orderId))).slice(1);
    const keys = keysIn(changes);
    expect(new Set(keys).size).toBe(keys.length);
    const accepted = new Set<string>(results.filter((r) => r.status === 200).map((r) => r.key));
    for (const k of keys) expect(accepted.has(k ?? "")).toBe(true);
    let status = 1;
    for (const e of changes) {
      const d = e.data as { from: number; to: number };
      expect(d.from).toBe(status);
      expect(d.to).not.toBe(status);
      status = d.to;
    }
    console.log(
      `status changes: ${accepted.size} accepted, ${N - accepted.size} refused (409), ${changes.length} events`,
    );
  });

  it("cart edits: every accepted add is one event, the quantity adds up", async () => {
    const customer = await signupCustomer(shop.url);
    const results = await Promise.all(
      Array.from({ length: N }, async () => {
        const key = randomUUID();
        const res = await fetch(`${shop.url}/api/cart/items`, {
          method: "POST",
          headers: {
            authorization: `Bearer ${customer.token}`,
            "content-type": "application/json",
            "idempotency-key": key,
          },
          body: JSON.stringify({ productId: product.id, quantity: 1 }),
        });
        return { key, status: res.status };
      }),
    );
    expectOnlyOkOr409(
      results.map((r) => r.status),
      200,
    );
    const events = await shop.events.readStream(Streams.cart(customer.user.id));
    const accepted = results.filter((r) => r.status === 200).map((r) => r.key);
    expect(keysIn(events).sort()).toEqual(accepted.sort());
    const total = events.reduce((n, e) => n + (e.data as { quantity: number }).quantity, 0);
    expect(total).toBe(accepted.length);
    console.log(`cart adds: ${accepted.length} accepted, ${N - accepted.length} refused (409)`);
  });

  it("checkouts of one cart: exactly one order, the others refused with 409", async () => {
    const customer = await signupCustomer(shop.url);
    await customer.api.post("/api/cart/items", { productId: product.id, quantity: 2 });
    const results = await Promise.all(
      Array.from({ length: N }, async () => {
        const orderId = randomUUID();
        const res = await customer.api.post<{ detail?: string }>("/api/cart/checkout", {
          orderId,
          shippingAddress: "Goa",
        });
        return { orderId, status: res.status };
      }),
    );
    expectOnlyOkOr409(
      results.map((r) => r.status),
      201,
    );
    const won = results.filter((r) => r.status === 201);
    expect(won).toHaveLength(1);
    for (const r of results) {
      const placed = await shop.events.readStream(Streams.order(r.orderId));
      expect(placed.length).toBe(r.status === 201 ? 1 : 0);
    }
    const cart = await shop.events.readStream(Streams.cart(customer.user.id));
    expect(cart.filter((e) => e.type === "CartCheckedOut")).toHaveLength(1);
  });
});
