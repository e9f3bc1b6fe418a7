import { randomUUID } from "node:crypto";
import { type Dashboard, type DomainEvent, istDayMinus, istDayOf } from "@shop/contracts";
import { orderLine, orderPlaced } from "@shop/contracts/testing";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

describe("GET /api/dashboard", () => {
  let shop: TestShop;
  let admin: Awaited<ReturnType<typeof login>>;
  const schoolId = randomUUID();
  const bookId = randomUUID();
  const sockets: Socket[] = [];
  const school: DomainEvent = {
    type: "SchoolRegistered",
    data: {
      schoolId,
      name: "Dashboard Vidyalaya",
      imageUrl: "/media/schools/s.png",
      location: "Camp",
      area: "Kothrud",
      district: "Pune",
      state: "Maharashtra",
      pincode: 411038,
      board: "CBSE",
      medium: "English",
    },
  };
  const book: DomainEvent = {
    type: "ProductAdded",
    data: {
      productId: bookId,
      kind: "book",
      title: "Dashboard Reader Class 5",
      author: "A. Author",
      publisher: "P",
      publishedOn: "2024",
      edition: "1",
      language: "English",
      schoolId,
      class: 5,
      pricePaise: 1_000_000,
      discountPaise: 0,
      description: "",
      imageUrl: "",
    },
  };
  const line = orderLine({
    productId: bookId,
    kind: "book",
    title: "Dashboard Reader Class 5",
    pricePaise: 1_000_000,
    discountPaise: 0,
    quantity: 1,
  });
  const place = (placedAt: string) => {
    const orderId = randomUUID();
    return appendEvents(shop.events, `order-${orderId}`, [
      orderPlaced({ orderId, placedAt, items: [line] }),
    ]).then((position) => ({ orderId, position }));
  };
  const get = async (position: string) => {
    const res = await admin.api.get<Dashboard>("/api/dashboard", after(position));
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    shop = await startTestShop();
    admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    await appendEvents(shop.events, `school-${schoolId}`, [school]);
    await appendEvents(shop.events, `product-${bookId}`, [book]);
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await shop.destroy();
  });

  it("answers 30 IST days up to today, the school's share, top books and all-time totals", async () => {
    const before = await get(await shop.events.headPosition());
    const now = new Date();
    const today = istDayOf(now.toISOString());
    expect(before.today).toBe(today);
    expect(before.days).toHaveLength(30);
    expect(before.days[0]?.day).toBe(istDayMinus(today, 29));
    expect(before.days[29]?.day).toBe(today);

    await place(now.toISOString());
    await place(new Date(now.getTime() - 3 * 86_400_000).toISOString());
    const old = await place(new Date(now.getTime() - 40 * 86_400_000).toISOString());
    const delivered = await appendEvents(shop.events, `order-${old.orderId}`, [
      { type: "OrderDelivered", data: { orderId: old.orderId, from: 1, deliveredAt: now.toISOString() } },
    ]);
    const got = await get(delivered);

    const sum = (d: Dashboard) => d.days.reduce((n, x) => n + x.revenuePaise, 0);
    // The order placed 40 days ago is outside the window; its delivery counts on its own day, not today's.
    expect(sum(got) - sum(before)).toBe(2_000_000);
    expect(got.days[29]?.revenuePaise).toBe((before.days[29]?.revenuePaise ?? 0) + 1_000_000);
    expect(got.days[29]?.deliveredRevenuePaise).toBe(before.days[29]?.deliveredRevenuePaise);
    expect(got.totals.orders).toBe(before.totals.orders + 3);
    expect(got.totals.revenuePaise).toBe(before.totals.revenuePaise + 3_000_000);
    expect(got.totals.deliveredRevenuePaise).toBe(before.totals.deliveredRevenuePaise + 1_000_000);
    expect(got.totals.byStatus.pending).toBe(before.totals.byStatus.pending + 2);
    expect(got.totals.byStatus.delivered).toBe(before.totals.byStatus.delivered + 1);
    expect(got.averageOrderPaise).toBe(Math.round(got.totals.revenuePaise / got.totals.orders));
    expect(got.schools[0]).toEqual({
      schoolId,
      name: "Dashboard Vidyalaya",
      orders: 3,
      revenuePaise: 3_000_000,
      deliveredRevenuePaise: 1_000_000,
    });
    expect(got.topBooks[0]).toEqual({
      productId: bookId,
      productKind: "book",
      title: "Dashboard Reader Class 5",
      schoolId,
      quantity: 3,
      revenuePaise: 3_000_000,
    });
    expect(got.topBooks.length).toBeLessThanOrEqual(10);
    expect(got.topNotebooks.every((p) => p.productKind === "notebook")).toBe(true);
    expect(BigInt(got.position)).toBeGreaterThanOrEqual(BigInt(delivered));
  });

  it("sends the changed figures to admins' sockets only as an order is placed", async () => {
    const connect = async (token?: string) => {
      const s = io(shop.url, {
        transports: ["websocket"],
        reconnection: false,
        ...(token && { auth: { token } }),
      });
      sockets.push(s);
      const heard: { position: string; day?: { day: string; orders: number } }[] = [];
      s.on("dashboard.updated", (p) => heard.push(p));
      await new Promise<void>((resolve, reject) => {
        s.once("connect", resolve);
        s.once("connect_error", reject);
      });
      return heard;
    };
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    const customer = await signupCustomer(shop.url);
    const [forAdmin, forRider, forCustomer] = [
      await connect(admin.token),
      await connect(rider.token),
      await connect(customer.token),
    ];
    const { position } = await place(new Date().toISOString());
    await get(position);
    await new Promise((r) => setTimeout(r, 300));
    const update = forAdmin.find((p) => p.position === position);
    expect(update?.day?.day).toBe(istDayOf(new Date().toISOString()));
    expect(forRider).toEqual([]);
    expect(forCustomer).toEqual([]);
  });

  it("is for admins only, and takes no parameters", async () => {
    const customer = await signupCustomer(shop.url);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    expect((await client(shop.url).get("/api/dashboard")).status).toBe(401);
    expect((await customer.api.get("/api/dashboard")).status).toBe(403);
    expect((await rider.api.get("/api/dashboard")).status).toBe(403);
    expect((await admin.api.get("/api/dashboard?days=90")).status).toBe(400);
  });
});
