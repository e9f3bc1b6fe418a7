import { client, login, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

type Problem = { detail: string; errors: { path: string; message: string }[] };

/** Issue 18: a field error over HTTP is a sentence naming the field and its limit, not zod's wording. */
describe("field errors over HTTP", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("answers a too-long signup name with 'Name must be at most 100 characters', and appends nothing", async () => {
    const before = await shop.events.headPosition();
    const res = await client(shop.url).post<Problem>("/api/auth/signup", {
      name: "N".repeat(101),
      email: "long.name@example.com",
      contact: "98450 12345",
      password: "long-name-pass",
      address: "Mysuru",
    });
    expect(res.status).toBe(400);
    expect(res.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    expect(res.body.detail).toBe("Invalid input");
    expect(res.body.errors).toEqual([{ path: "name", message: "Name must be at most 100 characters" }]);
    expect(await shop.events.headPosition()).toBe(before);
  });

  it("answers a JSON body over 100 kB with 413 'Request too large' (not an upload's 'File too large'), and appends nothing", async () => {
    const before = await shop.events.headPosition();
    const res = await client(shop.url).post<Problem>("/api/messages", {
      name: "Asha",
      email: "asha@example.com",
      message: "m".repeat(150_000),
    });
    expect(res.status).toBe(413);
    expect(res.body.detail).toBe("Request too large: at most 100 kB of JSON");
    expect(await shop.events.headPosition()).toBe(before);
  });

  it("names an admin form's fields and limits (title, price) and keeps 'Missing Some Data' for gaps", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const product = {
      kind: "notebook",
      title: "T".repeat(201),
      author: "Classmate",
      publisher: "ITC",
      publishedOn: "2025",
      edition: "1",
      language: "English",
      pricePaise: 100_000_001,
      discountPaise: 0,
      description: "Ruled",
      imageUrl: "/media/stationeries/x.png",
    };
    const res = await admin.api.post<Problem>("/api/products", product);
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Title must be at most 200 characters" },
        { path: "pricePaise", message: "Price must be at most ₹10,00,000.00" },
      ]),
    );
    for (const e of res.body.errors) expect(e.message).not.toMatch(/expected|too big|too small/i);
    const missing = await admin.api.post<Problem>("/api/products", { ...product, title: "" });
    expect(missing.body.detail).toBe("Missing Some Data");
  });
});
