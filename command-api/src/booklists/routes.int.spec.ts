import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import { type Page, type Product, Streams } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { typesIn } from "../testing/streams.ts";

describe("book lists over HTTP", () => {
  let shop: TestShop;
  let product: Product;
  const listImage = "/media/bookList/class8-list.png";
  beforeAll(async () => {
    shop = await startTestShop();
    // An image as if uploaded to the bookList folder (the upload endpoint has its own specs).
    const media = join(shop.dataDir, "media");
    mkdirSync(join(media, "bookList"), { recursive: true });
    copyFileSync(
      join(media, "stationeries", "demo-natraj-pencils.png"),
      join(media, "bookList", "class8-list.png"),
    );
    const list = await client(shop.url).get<Page<Product>>("/api/products?kind=book&limit=1");
    product = list.body.items[0] as Product;
  });
  afterAll(() => shop.destroy());

  it("takes a list from a logged-in customer only, with an image from the bookList folder", async () => {
    expect(
      (await client(shop.url).post("/api/booklists", { shippingAddress: "Pune", imageUrl: listImage }))
        .status,
    ).toBe(401);
    const customer = await signupCustomer(shop.url);
    const missing = await customer.api.post("/api/booklists", { shippingAddress: "Pune" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Please fill all the details!");
    const wrongFolder = await customer.api.post("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: "/media/stationeries/demo-natraj-pencils.png",
    });
    expect(wrongFolder.status).toBe(400);
    const ok = await customer.api.post<{ id: string }>("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: listImage,
    });
    expect(ok.status).toBe(201);
  });

  it("lets an admin order a list for its customer, once, and not discard it afterwards", async () => {
    const customer = await signupCustomer(shop.url);
    const uploaded = await customer.api.post<{ id: string }>("/api/booklists", {
      shippingAddress: "9 Brigade Road, Bengaluru",
      imageUrl: listImage,
    });
    const path = `/api/booklists/${uploaded.body.id}/orders`;
    const orderId = randomUUID();
    const body = { orderId, items: [{ productId: product.id, quantity: 2 }] };
    expect((await customer.api.post(path, body)).status).toBe(403);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const ordered = await admin.api.post<{ orderId: string }>(path, body);
    expect(ordered.status).toBe(201);
    const [placed] = await shop.events.readStream(Streams.order(orderId));
    expect(placed?.data).toMatchObject({
      customer: { userId: customer.user.id },
      shippingAddress: "9 Brigade Road, Bengaluru",
      source: { kind: "booklist", bookListId: uploaded.body.id },
    });
    expect((await admin.api.post(path, body)).status).toBe(201);
    expect((await admin.api.post(path, { ...body, orderId: randomUUID() })).status).toBe(409);
    expect((await admin.api.del(`/api/booklists/${uploaded.body.id}`)).status).toBe(409);
    expect(await typesIn(shop.events, Streams.booklist(uploaded.body.id))).toEqual([
      "BookListUploaded",
      "BookListOrdered",
    ]);
  });

  it("never leaves an order whose list was discarded while it was being placed", async () => {
    const customer = await signupCustomer(shop.url);
    const uploaded = await customer.api.post<{ id: string }>("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: listImage,
    });
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const otherAdmin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const orderId = randomUUID();
    // Hold the order's first event at the log's door, so the second admin's discard lands while
    // the first admin's order of the list is half done.
    const events = shop.events;
    const append = events.appendToStream;
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    let reached = () => {};
    const atDoor = new Promise<void>((resolve) => {
      reached = resolve;
    });
    events.appendToStream = async (stream, newEvents, opts) => {
      if (stream === Streams.order(orderId)) {
        reached();
        await held;
      }
      return append.call(events, stream, newEvents, opts);
    };
    try {
      const ordering = admin.api.post(`/api/booklists/${uploaded.body.id}/orders`, {
        orderId,
        items: [{ productId: product.id, quantity: 1 }],
      });
      await atDoor;
      const discarding = otherAdmin.api.del(`/api/booklists/${uploaded.body.id}`);
      // The discard either waits for the order (it must) or answers before it; release after
      // whichever comes first of its answer and 1 s.
      await Promise.race([discarding, new Promise((resolve) => setTimeout(resolve, 1000))]);
      release();
      const [ordered, discarded] = await Promise.all([ordering, discarding]);
      expect(ordered.status).toBe(201);
      expect(discarded.status).toBe(409);
      expect(discarded.body.detail).toBe("This book list is already ordered");
    } finally {
      release();
      events.appendToStream = append;
    }
    expect(await typesIn(shop.events, Streams.booklist(uploaded.body.id))).toEqual([
      "BookListUploaded",
      "BookListOrdered",
    ]);
    expect(await typesIn(shop.events, Streams.order(orderId))).toEqual(["OrderPlaced"]);
  });

  it("lets an admin discard an open list; unknown lists are not found", async () => {
    const customer = await signupCustomer(shop.url);
    const uploaded = await customer.api.post<{ id: string }>("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: listImage,
    });
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    expect((await customer.api.del(`/api/booklists/${uploaded.body.id}`)).status).toBe(403);
    expect((await admin.api.del(`/api/booklists/${uploaded.body.id}`)).status).toBe(200);
    const unknown = await admin.api.del(`/api/booklists/${randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.detail).toBe("Book list not found!");
  });
});
