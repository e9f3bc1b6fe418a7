import { randomUUID } from "node:crypto";
import type { Page, Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Who hears what: rooms joined at connect by role, order.watch ownership, role changes, logout. */
describe("live rooms", () => {
  let shop: TestShop;
  let product: Product;
  const sockets: Socket[] = [];

  const connect = async (token?: string): Promise<Socket> => {
    const s = io(shop.url, {
      path: "/socket.io",
      transports: ["websocket"],
      ...(token && { auth: { token } }),
      reconnection: false,
    });
    sockets.push(s);
    await new Promise<void>((resolve, reject) => {
      s.once("connect", resolve);
      s.once("connect_error", reject);
    });
    return s;
  };
  /** Collects every event a socket receives, by name. */
  const record = (s: Socket) => {
    const got: { event: string; payload: unknown }[] = [];
    s.onAny((event: string, payload: unknown) => got.push({ event, payload }));
    return got;
  };
  const settle = () => new Promise((r) => setTimeout(r, 300));
  const placeOrder = async (api: ReturnType<typeof client>) => {
    const orderId = randomUUID();
    const res = await api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "3 Mall Road, Shimla",
    });
    expect(res.status).toBe(201);
    return orderId;
  };

  beforeAll(async () => {
    shop = await startTestShop();
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=notebook");
    product = list.body.items[0] as Product;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await shop.destroy();
  });

  it("refuses a bad token at the handshake", async () => {
    await expect(connect("not-a-token")).rejects.toThrow(/unauthorized/);
  });

  it("tells delivery staff and admins of new orders, not other customers or anonymous sockets", async () => {
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const buyer = await signupCustomer(shop.url);
    const other = await signupCustomer(shop.url);
    const heard = {
      rider: record(await connect(rider.token)),
      admin: record(await connect(admin.token)),
      buyer: record(await connect(buyer.token)),
      other: record(await connect(other.token)),
      anonymous: record(await connect()),
    };
    const orderId = await placeOrder(buyer.api);
    await settle();
    const placedTo = (got: { event: string; payload: unknown }[]) =>
      got.some(
        (g) => g.event === "order.placed" && (g.payload as { order: { id: string } }).order.id === orderId,
      );
    expect(placedTo(heard.rider)).toBe(true);
    expect(placedTo(heard.admin)).toBe(true);
    expect(placedTo(heard.buyer)).toBe(true);
    expect(placedTo(heard.other)).toBe(false);
    expect(placedTo(heard.anonymous)).toBe(false);
    expect(heard.other.filter((g) => g.event.startsWith("order."))).toEqual([]);
    expect(heard.anonymous.filter((g) => g.event.startsWith("order."))).toEqual([]);
  });

  it("lets only the customer and staff watch an order", async () => {
    const buyer = await signupCustomer(shop.url);
    const orderId = await placeOrder(buyer.api);
    const stranger = await signupCustomer(shop.url);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect(await (await connect(buyer.token)).emitWithAck("order.watch", { orderId })).toEqual({ ok: true });
    expect(await (await connect(rider.token)).emitWithAck("order.watch", { orderId })).toEqual({ ok: true });
    const strangerSocket = await connect(stranger.token);
    expect(await strangerSocket.emitWithAck("order.watch", { orderId })).toMatchObject({ ok: false });
    expect(await (await connect()).emitWithAck("order.watch", { orderId })).toMatchObject({ ok: false });
    const heard = record(strangerSocket);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 });
    await settle();
    expect(heard).toEqual([]);
  });

  it("moves an open socket to its new role's rooms when an admin changes the role", async () => {
    const promoted = await signupCustomer(shop.url);
    const heard = record(await connect(promoted.token));
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await admin.api.put(`/api/users/${promoted.user.id}/role`, { accType: 2 })).status).toBe(200);
    await settle();
    expect(heard.some((g) => g.event === "user.updated")).toBe(true);
    const buyer = await signupCustomer(shop.url);
    const orderId = await placeOrder(buyer.api);
    await settle();
    expect(
      heard.some(
        (g) => g.event === "order.placed" && (g.payload as { order: { id: string } }).order.id === orderId,
      ),
    ).toBe(true);
  });

  it("disconnects a session's sockets when it logs out", async () => {
    const session = await login(shop.url, "customer@example.com", "customer-pass-1");
    const socket = await connect(session.token);
    const disconnected = new Promise<string>((resolve) => socket.once("disconnect", resolve));
    expect((await session.api.post("/api/auth/logout")).status).toBe(204);
    expect(await disconnected).toBe("io server disconnect");
  });
});
