import { randomUUID } from "node:crypto";
import type { Order, Page, Product } from "@shop/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login } from "./testing/client.ts";
import { otpFromOutbox, startTestShop, type TestShop } from "./testing/testShop.ts";

/**
 * One order through every layer on the embedded profile: command-api → event store → projector →
 * read models → query-api → socket.io, and the OTP mail through the job queue to the outbox.
 */
describe("an order's journey through every layer", () => {
  let shop: TestShop;
  let socket: Socket | undefined;
  const email = `meera.${Date.now()}@example.com`;

  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(async () => {
    socket?.close();
    await shop.destroy();
  });

  it("walks signup → order → status change (live) → OTP mail → delivered", async () => {
    const anon = client(shop.url);
    const signup = await anon.post<{
      token: string;
      user: { id: string; accType: number };
      position: string;
    }>("/api/auth/signup", {
      name: "Meera Iyer",
      email,
      contact: "+91 99000 11223",
      password: "meera-pass-1",
      address: "5 Lake View, Chennai",
    });
    expect(signup.status).toBe(201);
    expect(signup.body.user.accType).toBe(3);
    expect(signup.headers.get("set-cookie")).toMatch(/session=.*HttpOnly.*SameSite=Lax/i);
    const customer = client(shop.url, signup.body.token);

    const products = await anon.get<Page<Product>>("/api/products?kind=notebook", {
      "x-min-position": signup.body.position,
    });
    expect(products.status).toBe(200);
    const notebook = products.body.items[0];
    if (!notebook) throw new Error("the demo catalogue has no notebook");

    const orderId = randomUUID();
    const placed = await customer.post<{ orderId: string; position: string }>("/api/orders", {
      orderId,
      items: [{ productId: notebook.id, quantity: 2 }],
      shippingAddress: "5 Lake View, Chennai",
      expectedPayablePaise: 2 * (notebook.pricePaise - notebook.discountPaise),
    });
    expect(placed.status).toBe(201);

    const order = await customer.get<Order>(`/api/orders/${orderId}`, {
      "x-min-position": placed.body.position,
    });
    expect(order.status).toBe(200);
    expect(order.body.status).toBe(1);
    expect(order.body.payablePaise).toBe(2 * (notebook.pricePaise - notebook.discountPaise));
    expect(order.body.timeline.map((t) => t.type)).toEqual(["OrderPlaced"]);

    socket = io(shop.url, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { token: signup.body.token },
    });
    await new Promise<void>((resolve, reject) => {
      socket?.on("connect", resolve);
      socket?.on("connect_error", reject);
    });
    const watched = await socket.emitWithAck("order.watch", { orderId });
    expect(watched).toEqual({ ok: true });
    const updated = new Promise<{ order: Order; position: string }>((resolve) => {
      socket?.on("order.updated", (msg: { order: Order; position: string }) => {
        if (msg.order.status === 2) resolve(msg);
      });
    });

    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const changed = await admin.api.put<{ position: string }>(`/api/orders/${orderId}/status`, { status: 2 });
    expect(changed.status).toBe(200);
    const live = await updated;
    expect(live.order.id).toBe(orderId);
    expect(live.order.timeline.at(-1)).toMatchObject({
      type: "OrderStatusChanged",
      from: 1,
      to: 2,
      by: { name: "Shop Admin", accType: 1 },
    });

    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    const sent = await rider.api.post<{ sentTo: string; expiresAt: string }>(
      `/api/orders/${orderId}/delivery-otp`,
    );
    expect(sent.status).toBe(202);
    expect(sent.body.sentTo).toBe(`m***@example.com`);
    const otp = await otpFromOutbox(shop.outboxDir, email);

    const wrong = otp === "000000" ? "111111" : "000000";
    const refused = await rider.api.post(`/api/orders/${orderId}/delivery-confirmation`, { otp: wrong });
    expect(refused.status).toBe(422);
    expect(refused.body.detail).toBe("Invalid or expired OTP");

    const delivered = new Promise<Order>((resolve) => {
      socket?.on("order.updated", (msg: { order: Order }) => {
        if (msg.order.status === 3) resolve(msg.order);
      });
    });
    const confirmed = await rider.api.post<{ position: string }>(
      `/api/orders/${orderId}/delivery-confirmation`,
      { otp },
    );
    expect(confirmed.status).toBe(200);
    expect((await delivered).timeline.map((t) => t.type)).toEqual([
      "OrderPlaced",
      "OrderStatusChanged",
      "DeliveryOtpSent",
      "OrderDelivered",
    ]);
    const again = await rider.api.post(`/api/orders/${orderId}/delivery-confirmation`, { otp });
    expect(again.status).toBe(409);
    expect(again.body.detail).toBe("Order already delivered");
  });
});
