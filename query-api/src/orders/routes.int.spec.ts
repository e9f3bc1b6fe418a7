import { randomUUID } from "node:crypto";
import type { Order, OrderSummary, Page, Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after } from "../testing/append.ts";

type AuditItem = {
  type: string;
  revision: number;
  position: string;
  at: string;
  data: Record<string, unknown>;
  metadata: Record<string, unknown>;
};

describe("GET /api/orders", () => {
  let shop: TestShop;
  let product: Product;
  let admin: Awaited<ReturnType<typeof login>>;
  let buyer: Awaited<ReturnType<typeof signupCustomer>>;
  const placed: string[] = [];
  let lastPosition = "0";

  beforeAll(async () => {
    shop = await startTestShop();
    product = (await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=1")).body
      .items[0] as Product;
    admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    buyer = await signupCustomer(shop.url);
    for (let i = 0; i < 5; i++) {
      const orderId = randomUUID();
      const res = await buyer.api.post<{ position: string }>("/api/orders", {
        orderId,
        items: [{ productId: product.id, quantity: 1 + i }],
        shippingAddress: "3 Mall Road, Shimla",
      });
      expect(res.status).toBe(201);
      placed.push(orderId);
      lastPosition = res.body.position;
    }
  });
  afterAll(() => shop.destroy());

  it("pages a customer's own orders newest first, with summaries only", async () => {
    const first = await buyer.api.get<Page<OrderSummary>>("/api/orders?limit=3", after(lastPosition));
    expect(first.status).toBe(200);
    expect(first.body.items.map((o) => o.id)).toEqual([...placed].reverse().slice(0, 3));
    expect(Object.keys(first.body.items[0] ?? {}).sort()).toEqual([
      "customer",
      "firstItem",
      "id",
      "itemsCount",
      "payablePaise",
      "placedAt",
      "shippingAddress",
      "shortId",
      "status",
    ]);
    const second = await buyer.api.get<Page<OrderSummary>>(
      `/api/orders?limit=3&cursor=${first.body.nextCursor}`,
    );
    expect(second.body.items.map((o) => o.id)).toEqual([...placed].reverse().slice(3));
    expect(second.body.nextCursor).toBeUndefined();
  });

  it("lets admins and delivery staff see all orders; customers get 403 for scope=all", async () => {
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    for (const api of [admin.api, rider.api]) {
      const all = await api.get<Page<OrderSummary>>("/api/orders?scope=all&limit=200", after(lastPosition));
      expect(all.body.items.map((o) => o.id)).toEqual(expect.arrayContaining(placed));
    }
    const res = await buyer.api.get("/api/orders?scope=all");
    expect(res.status).toBe(403);
    expect((await client(shop.url).get("/api/orders")).status).toBe(401);
    expect((await buyer.api.get("/api/orders?scope=everyone")).status).toBe(400);
    expect((await buyer.api.get("/api/orders?page=2")).status).toBe(400);
  });

  it("answers an order to its customer and staff with totals and timeline; 403 to another customer", async () => {
    const id = placed[0] as string;
    const order = await buyer.api.get<Order>(`/api/orders/${id}`, after(lastPosition));
    expect(order.body).toMatchObject({
      id,
      status: 1,
      totals: { shippingPaise: 0 },
      timeline: [{ type: "OrderPlaced" }],
    });
    expect(order.body).not.toHaveProperty("customerId");
    const stranger = await signupCustomer(shop.url);
    expect((await stranger.api.get(`/api/orders/${id}`)).status).toBe(403);
    const unknown = await admin.api.get(`/api/orders/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Order not found!");
  });

  it("answers the audit history straight from the log to admins only", async () => {
    const id = placed[1] as string;
    const changed = await admin.api.put<{ position: string }>(`/api/orders/${id}/status`, { status: 2 });
    expect(changed.status).toBe(200);
    const res = await admin.api.get<{ items: AuditItem[] }>(`/api/orders/${id}/events`);
    expect(res.status).toBe(200);
    expect(res.body.items.map((e) => [e.type, e.revision])).toEqual([
      ["OrderPlaced", 0],
      ["OrderStatusChanged", 1],
    ]);
    const [placedEvent, statusEvent] = res.body.items as [AuditItem, AuditItem];
    expect(Object.keys(placedEvent).sort()).toEqual([
      "after",
      "at",
      "data",
      "metadata",
      "position",
      "revision",
      "type",
    ]);
    expect(placedEvent.data).toMatchObject({ orderId: id });
    expect(statusEvent.position).toBe(changed.body.position);
    expect(statusEvent.metadata).toMatchObject({ actor: { kind: "user", accType: 1 } });
    expect(new Date(statusEvent.at).toISOString()).toBe(statusEvent.at);
    // Each event carries the order right after it, folded by the decider's evolve (contracts).
    const back = await admin.api.put<{ position: string }>(`/api/orders/${id}/status`, { status: 1 });
    const past = await admin.api.get<{ items: (AuditItem & { after: Record<string, unknown> })[] }>(
      `/api/orders/${id}/events`,
      after(back.body.position),
    );
    expect(past.body.items.map((e) => e.after.status)).toEqual([1, 2, 1]);
    expect(past.body.items[2]?.after).toMatchObject({
      items: [{ productId: product.id, quantity: 2 }],
      totals: { payablePaise: (product.pricePaise - product.discountPaise) * 2 },
      shippingAddress: "3 Mall Road, Shimla",
    });

    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await rider.api.get(`/api/orders/${id}/events`)).status).toBe(403);
    expect((await buyer.api.get(`/api/orders/${id}/events`)).status).toBe(403);
    expect((await client(shop.url).get(`/api/orders/${id}/events`)).status).toBe(401);
    for (const unknown of [randomUUID(), "nope"]) {
      const res404 = await admin.api.get(`/api/orders/${unknown}/events`);
      expect(res404.status).toBe(404);
      expect(res404.body.detail).toBe("Order not found!");
    }
  });
});
