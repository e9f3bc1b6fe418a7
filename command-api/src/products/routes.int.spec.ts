import type { Product } from "@shop/contracts";
import { client, login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const notebook = {
  kind: "notebook",
  title: "Classmate Pulse Notebook",
  author: "Classmate",
  publisher: "ITC",
  publishedOn: "2025",
  edition: "1",
  language: "English",
  pricePaise: 9900,
  discountPaise: 0,
  description: "Spiral, 300 pages",
  imageUrl: "/media/stationeries/demo-classmate-172.png",
};

describe("products over HTTP", () => {
  let shop: TestShop;
  const head = () => shop.events.headPosition();
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("lets only admins add a product (401 anonymous, 403 customer and delivery)", async () => {
    const customer = await signupCustomer(shop.url);
    const rider = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    const before = await head();
    const anon = await client(shop.url).post("/api/products", notebook);
    expect(anon.status).toBe(401);
    expect(anon.body.detail).toBe("Login First!");
    expect((await customer.api.post("/api/products", notebook)).status).toBe(403);
    expect((await rider.api.post("/api/products", notebook)).status).toBe(403);
    expect(await head()).toBe(before);
  });

  it("adds a product with zero discount and serves it once projected", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const added = await admin.api.post<{ id: string; position: string }>("/api/products", notebook);
    expect(added.status).toBe(201);
    const read = await client(shop.url).get<Product>(`/api/products/${added.body.id}`, {
      "x-min-position": added.body.position,
    });
    expect(read.status).toBe(200);
    expect(read.body).toMatchObject({ ...notebook, id: added.body.id });
  });

  it("answers Missing Some Data for a missing field and 400 for an image it did not issue", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const before = await head();
    const missing = await admin.api.post("/api/products", { ...notebook, title: "" });
    expect(missing.status).toBe(400);
    expect(missing.body.detail).toBe("Missing Some Data");
    const foreign = await admin.api.post("/api/products", {
      ...notebook,
      imageUrl: "https://evil.example/x.png",
    });
    expect(foreign.status).toBe(400);
    const unknown = await admin.api.post("/api/products", {
      ...notebook,
      imageUrl: "/media/books/never-uploaded.png",
    });
    expect(unknown.status).toBe(400);
    const book = await admin.api.post("/api/products", { ...notebook, kind: "book" });
    expect(book.status).toBe(400);
    expect(await head()).toBe(before);
  });

  it("answers Book Not Found! for a malformed or unknown id", async () => {
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      const res = await client(shop.url).get(`/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Book Not Found!");
    }
  });
});
