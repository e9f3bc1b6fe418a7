import { randomUUID } from "node:crypto";
import type { Page, Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appendEvents } from "../testing/append.ts";

type Heard = { event: string; payload: Record<string, unknown> }[];
const ROLES = ["admin", "rider", "buyer", "other", "anonymous"] as const;
type Role = (typeof ROLES)[number];

/** API.md's live table: every projector event reaches exactly its rooms, with a position. */
describe("live events by role", () => {
  let shop: TestShop;
  let product: Product;
  let buyer: Awaited<ReturnType<typeof signupCustomer>>;
  let heard: Record<Role, Heard>;
  const sockets: Socket[] = [];

  const connect = async (token?: string): Promise<Heard> => {
    const s = io(shop.url, {
      path: "/socket.io",
      transports: ["websocket"],
      reconnection: false,
      ...(token && { auth: { token } }),
    });
    sockets.push(s);
    const got: Heard = [];
    s.onAny((event: string, payload: Record<string, unknown>) => got.push({ event, payload }));
    await new Promise<void>((resolve, reject) => {
      s.once("connect", resolve);
      s.once("connect_error", reject);
    });
    return got;
  };
  const settle = () => new Promise((r) => setTimeout(r, 300));
  /** Which roles heard `event` with a payload matching `match`. */
  const whoHeard = (event: string, match: (p: Record<string, unknown>) => boolean) =>
    ROLES.filter((r) => heard[r].some((h) => h.event === event && match(h.payload)));
  const payloadOf = (role: Role, event: string, match: (p: Record<string, unknown>) => boolean) =>
    heard[role].find((h) => h.event === event && match(h.payload))?.payload;

  beforeAll(async () => {
    shop = await startTestShop();
    product = (await client(shop.url).get<Page<Product>>("/api/products?kind=notebook&limit=1")).body
      .items[0] as Product;
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    buyer = await signupCustomer(shop.url);
    const other = await signupCustomer(shop.url);
    heard = {
      admin: await connect(admin.token),
      rider: await connect(rider.token),
      buyer: await connect(buyer.token),
      other: await connect(other.token),
      anonymous: await connect(),
    };
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await shop.destroy();
  });

  it("sends cart.updated with the joined cart to its user only", async () => {
    const userId = buyer.user.id;
    const position = await appendEvents(shop.events, `cart-${userId}`, [
      { type: "CartItemAdded", data: { userId, productId: product.id, quantity: 2 } },
    ]);
    await settle();
    const mine = (p: Record<string, unknown>) => p.position === position;
    expect(whoHeard("cart.updated", mine)).toEqual(["buyer"]);
    expect(payloadOf("buyer", "cart.updated", mine)).toEqual({
      position,
      cart: {
        items: [{ productId: product.id, quantity: 2, product }],
        totals: {
          pricePaise: product.pricePaise * 2,
          discountPaise: product.discountPaise * 2,
          payablePaise: (product.pricePaise - product.discountPaise) * 2,
        },
      },
    });
  });

  it("sends message.received to admins only", async () => {
    const messageId = randomUUID();
    const position = await appendEvents(shop.events, `message-${messageId}`, [
      {
        type: "MessageSent",
        data: {
          messageId,
          name: "Ravi",
          email: "ravi@example.com",
          message: "Hello",
          sentAt: new Date().toISOString(),
        },
      },
    ]);
    await settle();
    const mine = (p: Record<string, unknown>) => (p.message as { id: string }).id === messageId;
    expect(whoHeard("message.received", mine)).toEqual(["admin"]);
    expect(payloadOf("admin", "message.received", mine)).toMatchObject({
      position,
      message: { name: "Ravi" },
    });
  });

  it("sends booklist.uploaded and booklist.updated to admins only", async () => {
    const bookListId = randomUUID();
    const uploaded = await appendEvents(shop.events, `booklist-${bookListId}`, [
      {
        type: "BookListUploaded",
        data: {
          bookListId,
          customer: { userId: buyer.user.id, name: "Test Customer", email: buyer.email, contact: "1" },
          shippingAddress: "Nagpur",
          imageUrl: "/media/bookList/l.png",
          uploadedAt: new Date().toISOString(),
        },
      },
    ]);
    const discarded = await appendEvents(shop.events, `booklist-${bookListId}`, [
      { type: "BookListDiscarded", data: { bookListId, discardedAt: new Date().toISOString() } },
    ]);
    await settle();
    const mine = (p: Record<string, unknown>) => (p.booklist as { id: string }).id === bookListId;
    expect(whoHeard("booklist.uploaded", mine)).toEqual(["admin"]);
    expect(whoHeard("booklist.updated", mine)).toEqual(["admin"]);
    expect(payloadOf("admin", "booklist.uploaded", mine)).toMatchObject({
      position: uploaded,
      booklist: { state: "open" },
    });
    expect(payloadOf("admin", "booklist.updated", mine)).toMatchObject({
      position: discarded,
      booklist: { state: "discarded" },
    });
  });

  it("sends catalogue.updated for schools, products and promotions to every socket, anonymous ones too", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const { id: _id, ...fields } = product;
    const added = await admin.api.post<{ id: string; position: string }>("/api/products", {
      ...fields,
      title: "Live Notebook",
    });
    expect(added.status).toBe(201);
    const promotionId = randomUUID();
    const promoted = await appendEvents(shop.events, `promotion-${promotionId}`, [
      {
        type: "PromotionCreated",
        data: { promotionId, title: "Live sale", description: "d", imageUrl: "/media/promotions/p.png" },
      },
    ]);
    const schoolId = randomUUID();
    await appendEvents(shop.events, `school-${schoolId}`, [
      {
        type: "SchoolRegistered",
        data: {
          schoolId,
          name: "Live School",
          imageUrl: "/media/schools/s.png",
          location: "Camp",
          area: "Kothrud",
          district: "Pune",
          state: "Maharashtra",
          pincode: 411038,
          board: "CBSE",
          medium: "English",
        },
      },
    ]);
    await settle();
    for (const [kind, id] of [
      ["product", added.body.id],
      ["promotion", promotionId],
      ["school", schoolId],
    ] as const) {
      expect(whoHeard("catalogue.updated", (p) => p.kind === kind && p.id === id)).toEqual([...ROLES]);
    }
    expect(payloadOf("anonymous", "catalogue.updated", (p) => p.id === promotionId)).toEqual({
      position: promoted,
      kind: "promotion",
      id: promotionId,
    });
    expect(payloadOf("other", "catalogue.updated", (p) => p.id === added.body.id)?.position).toBe(
      added.body.position,
    );
  });

  it("sends user.updated to the user and admins only", async () => {
    const res = await buyer.api.patch<{ position: string }>("/api/profile", {
      address: "9 Lake Road, Bhopal",
    });
    expect(res.status).toBe(200);
    await settle();
    const mine = (p: Record<string, unknown>) => p.position === res.body.position;
    expect(whoHeard("user.updated", mine)).toEqual(["admin", "buyer"]);
    expect(payloadOf("buyer", "user.updated", mine)).toMatchObject({
      user: { id: buyer.user.id, address: "9 Lake Road, Bhopal" },
    });
  });

  it("never sends an event without a position, and nothing private to anonymous sockets", () => {
    for (const role of ROLES)
      for (const h of heard[role]) expect(h.payload.position, `${role} ${h.event}`).toMatch(/^\d+$/);
    expect(new Set(heard.anonymous.map((h) => h.event))).toEqual(new Set(["catalogue.updated"]));
  });
});
