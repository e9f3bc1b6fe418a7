import { randomUUID } from "node:crypto";
import { copyFileSync, mkdirSync } from "node:fs";
import { join } from "node:path";
import type { Page, Product, School } from "@shop/contracts";
import { API_ROUTES } from "@shop/contracts/api";
import { client, login, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * The OpenAPI document's answers are the services' answers: every GET of the route table,
 * called for real, parses with its (strict) response schema — no field missing, none leaking.
 */
describe("answers match the OpenAPI response schemas", () => {
  let shop: TestShop;
  const ids: Record<string, string> = {};
  let adminToken = "";

  beforeAll(async () => {
    shop = await startTestShop();
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    adminToken = admin.token;
    const school = (await client(shop.url).get<{ items: School[] }>("/api/schools")).body.items[0] as School;
    const product = (await client(shop.url).get<Page<Product>>("/api/products?limit=1")).body
      .items[0] as Product;
    const orderId = randomUUID();
    await admin.api.post("/api/cart/items", { productId: product.id, quantity: 2 });
    await admin.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Pune",
    });
    await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 });
    await admin.api.post("/api/messages", { name: "A", email: "a@example.com", message: "Hello" });
    const media = join(shop.dataDir, "media");
    mkdirSync(join(media, "bookList"), { recursive: true });
    copyFileSync(
      join(media, "stationeries", "demo-natraj-pencils.png"),
      join(media, "bookList", "contract.png"),
    );
    await admin.api.post("/api/booklists", {
      shippingAddress: "Pune",
      imageUrl: "/media/bookList/contract.png",
    });
    ids.school = school.id;
    ids.product = product.id;
    ids.order = orderId;
  });
  afterAll(() => shop.destroy());

  const gets = API_ROUTES.filter((r) => r.method === "get" && r.path.startsWith("/api/") && r.success.schema);

  it.each(gets.map((r) => [r.path, r] as const))("GET %s", async (path, route) => {
    const concrete = path
      .replace("/api/schools/:id", `/api/schools/${ids.school}`)
      .replace("/api/products/:id", `/api/products/${ids.product}`)
      .replace("/api/orders/:id", `/api/orders/${ids.order}`);
    const query = path === "/api/search" ? "?q=class" : path === "/api/promotions" ? "?all=true" : "";
    // A CSV answer is text; its schema checks the BOM and the header row.
    const res = path.endsWith(".csv")
      ? await fetch(`${shop.url}${concrete}`, { headers: { authorization: `Bearer ${adminToken}` } }).then(
          async (r) => ({
            status: r.status,
            body: new TextDecoder("utf-8", { ignoreBOM: true }).decode(await r.arrayBuffer()),
          }),
        )
      : await client(shop.url, adminToken).get(`${concrete}${query}`);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const parsed = route.success.schema?.safeParse(res.body);
    expect(parsed?.success, JSON.stringify(parsed?.error?.issues.slice(0, 3))).toBe(true);
  });

  it("covers every GET route of the API", () => {
    expect(gets.length).toBe(
      API_ROUTES.filter((r) => r.method === "get" && r.path.startsWith("/api/")).length,
    );
    expect(gets.length).toBeGreaterThanOrEqual(15);
  });
});
