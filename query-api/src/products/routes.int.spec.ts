import type { Page, Product } from "@shop/contracts";
import { client, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

describe("GET /api/products", () => {
  let shop: TestShop;
  let anon: ReturnType<typeof client>;
  beforeAll(async () => {
    shop = await startTestShop();
    anon = client(shop.url);
  });
  afterAll(() => shop.destroy());

  const walk = async (query: string, limit: number) => {
    const seen: Product[] = [];
    let cursor: string | undefined;
    let pages = 0;
    do {
      const res = await anon.get<Page<Product>>(
        `/api/products?${query}&limit=${limit}${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ""}`,
      );
      expect(res.status).toBe(200);
      expect(res.body.items.length).toBeLessThanOrEqual(limit);
      seen.push(...res.body.items);
      cursor = res.body.nextCursor;
      pages += 1;
    } while (cursor && pages < 100);
    return { seen, pages };
  };

  it("pages through a kind by title with a cursor, each product once, no cursor after the last page", async () => {
    const whole = await anon.get<Page<Product>>("/api/products?kind=notebook&limit=200");
    expect(whole.body.nextCursor).toBeUndefined();
    const { seen, pages } = await walk("kind=notebook", 2);
    expect(pages).toBe(Math.ceil(whole.body.items.length / 2));
    expect(seen).toEqual(whole.body.items);
    expect(seen.map((p) => p.title)).toEqual(
      [...seen.map((p) => p.title)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)),
    );
    expect(seen.every((p) => p.kind === "notebook")).toBe(true);
  });

  it("defaults to 50 and caps the limit at 200", async () => {
    const first = await anon.get<Page<Product>>("/api/products");
    expect(first.body.items).toHaveLength(50);
    expect(first.body.nextCursor).toEqual(expect.any(String));
    expect((await anon.get("/api/products?limit=201")).status).toBe(400);
    expect((await anon.get("/api/products?limit=0")).status).toBe(400);
  });

  it("filters books by school and class", async () => {
    const [book] = (await anon.get<Page<Product>>("/api/products?kind=book&class=8&limit=1")).body.items;
    const res = await anon.get<Page<Product>>(`/api/products?schoolId=${book?.schoolId}&class=8`);
    expect(res.body.items.length).toBeGreaterThan(0);
    for (const p of res.body.items) expect(p).toMatchObject({ schoolId: book?.schoolId, class: 8 });
  });

  it("answers 400 for unknown parameters and bad cursors", async () => {
    expect((await anon.get("/api/products?sort=price")).status).toBe(400);
    expect((await anon.get("/api/products?cursor=bm90LWpzb24")).status).toBe(400);
    expect((await anon.get("/api/products?kind=toy")).status).toBe(400);
  });

  it("answers one product, and `Book Not Found!` for an unknown or malformed id", async () => {
    const [first] = (await anon.get<Page<Product>>("/api/products?kind=stationery&limit=1")).body.items;
    expect((await anon.get(`/api/products/${first?.id}`)).body).toEqual(first);
    for (const id of ["6b1f7a3e-0000-4000-8000-000000000000", "42"]) {
      const res = await anon.get(`/api/products/${id}`);
      expect(res.status).toBe(404);
      expect(res.body.detail).toBe("Book Not Found!");
    }
  });
});
