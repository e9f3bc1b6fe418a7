import { get } from "node:http";
import { client, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** An answer to a caller with credentials is sent as its JSON string, with no ETag (privateJson.ts). */
describe("JSON answers to callers with credentials", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("carry the body, type and byte length of res.json, no-store and no ETag", async () => {
    const customer = await signupCustomer(shop.url, "अमित ₹ Kumar");
    for (const path of ["/api/auth/me", "/api/orders", "/api/cart"]) {
      const res = await fetch(`${shop.url}${path}`, {
        headers: { authorization: `Bearer ${customer.token}` },
      });
      const bytes = Buffer.from(await res.arrayBuffer());
      expect(res.status, path).toBe(200);
      expect(res.headers.get("content-type"), path).toBe("application/json; charset=utf-8");
      expect(Number(res.headers.get("content-length")), path).toBe(bytes.length);
      expect(res.headers.get("cache-control"), path).toBe("no-store");
      expect(res.headers.get("etag"), path).toBeNull();
      expect(JSON.parse(bytes.toString("utf8")), path).toBeTypeOf("object");
    }
    const me = await customer.api.get<{ user: { name: string } }>("/api/auth/me");
    expect(me.body.user.name).toBe("अमित ₹ Kumar");
    const head = await fetch(`${shop.url}/api/auth/me`, {
      method: "HEAD",
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(head.status).toBe(200);
    expect(Number(head.headers.get("content-length"))).toBe(
      Buffer.byteLength(JSON.stringify({ user: me.body.user })),
    );
    expect(await head.text()).toBe("");
  });

  it("leaves a refused request's problem and a public answer's ETag and 304 as they were", async () => {
    const customer = await signupCustomer(shop.url);
    const missing = await fetch(`${shop.url}/api/orders/00000000-0000-4000-8000-000000000000`, {
      headers: { authorization: `Bearer ${customer.token}` },
    });
    expect(missing.status).toBe(404);
    expect(missing.headers.get("content-type")).toMatch(/^application\/problem\+json/);
    const products = await client(shop.url).get("/api/products?kind=notebook");
    const etag = products.headers.get("etag");
    expect(etag).toBeTruthy();
    // Not fetch: a conditional fetch adds `Cache-Control: no-cache`, which asks for the full answer.
    const again = await new Promise<number | undefined>((resolve, reject) =>
      get(`${shop.url}/api/products?kind=notebook`, { headers: { "if-none-match": etag! } }, (res) => {
        res.resume();
        resolve(res.statusCode);
      }).once("error", reject),
    );
    expect(again).toBe(304);
  });
});
