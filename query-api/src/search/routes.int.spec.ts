import { randomUUID } from "node:crypto";
import type { Product, School } from "@shop/contracts";
import { client, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { after, appendEvents } from "../testing/append.ts";

type Found = { schools: School[]; products: Product[] };

describe("GET /api/search", () => {
  let shop: TestShop;
  let anon: ReturnType<typeof client>;
  let position: string;
  const ids = { byAuthor: randomUUID(), prefix: randomUUID(), word: randomUUID() };
  const add = (productId: string, title: string, author: string) =>
    appendEvents(shop.events, `product-${productId}`, [
      {
        type: "ProductAdded",
        data: {
          productId,
          kind: "stationery",
          title,
          author,
          publisher: "P",
          publishedOn: "2025",
          edition: "1",
          language: "English",
          pricePaise: 1000,
          discountPaise: 0,
          description: "d",
          imageUrl: "/media/stationeries/x.png",
        },
      },
    ]);

  beforeAll(async () => {
    shop = await startTestShop();
    anon = client(shop.url);
    await add(ids.byAuthor, "Drawing Book", "Zyxwquill Press");
    await add(ids.prefix, "Zyxwquill Pencil Set", "Apsara");
    position = await add(ids.word, "Deluxe Zyxwquill Eraser", "Apsara");
  });
  afterAll(() => shop.destroy());

  it("answers empty lists for an empty or blank query", async () => {
    expect((await anon.get<Found>("/api/search?q=")).body).toEqual({ schools: [], products: [] });
    expect((await anon.get<Found>("/api/search?q=%20%20")).body).toEqual({ schools: [], products: [] });
    expect((await anon.get<Found>("/api/search")).body).toEqual({ schools: [], products: [] });
  });

  it("finds schools by a word of their name, area or district, case-insensitively, all of them", async () => {
    expect((await anon.get<Found>("/api/search?q=pUNE")).body.schools.map((s) => s.district)).toContain(
      "Pune",
    );
    expect((await anon.get<Found>("/api/search?q=andheri")).body.schools.map((s) => s.area)).toContain(
      "Andheri West",
    );
    const all = await anon.get<{ items: School[] }>("/api/schools");
    const matching = all.body.items.filter((s) => /\bschool/i.test(`${s.name} ${s.area} ${s.district}`));
    expect((await anon.get<Found>("/api/search?q=school")).body.schools).toHaveLength(matching.length);
  });

  it("ranks a title prefix and a title word above an author match, at most five", async () => {
    const res = await anon.get<Found>("/api/search?q=ZYXWQUILL", after(position));
    expect(res.body.products.map((p) => p.id)).toEqual([ids.prefix, ids.word, ids.byAuthor]);
    const many = await anon.get<Found>("/api/search?q=a");
    expect(many.body.products).toHaveLength(5);
    expect(Object.keys(many.body.products[0] ?? {})).not.toContain("revision");
  });

  it("finds 'maths' in Mathematics books, the same words in any case or accent", async () => {
    const maths = (await anon.get<Found>("/api/search?q=maths")).body.products;
    expect(maths).toHaveLength(5);
    for (const p of maths) expect(p.title).toMatch(/^Mathematics Class \d+$/);
    const accented = (await anon.get<Found>(`/api/search?q=${encodeURIComponent("MATHÉMATICS 7")}`)).body;
    expect(accented.products.length).toBeGreaterThan(0);
    for (const p of accented.products) expect(p.title).toBe("Mathematics Class 7");
  });

  it("finds 'englsh 8' (one typo, a class number) as English Class 8, each naming its school", async () => {
    const found = (await anon.get<Found>("/api/search?q=englsh%208")).body.products;
    expect(found.length).toBe(4);
    for (const p of found) expect([p.title, p.class]).toEqual(["English Class 8", 8]);
    expect(new Set(found.map((p) => p.schoolName)).size).toBe(4);
    const byClass = (await anon.get<Found>("/api/search?q=class%208%20eng")).body.products;
    expect(byClass.map((p) => p.id).sort()).toEqual(found.map((p) => p.id).sort());
  });

  it("finds a book by its school's name", async () => {
    const found = (await anon.get<Found>("/api/search?q=kendriya%20science")).body.products;
    expect(found.map((p) => [p.title, p.schoolName])).toEqual([
      ["Science Class 8", "Kendriya Vidyalaya Andheri"],
    ]);
  });

  it("follows the catalogue: a product added, renamed or removed after a search is found as it is now", async () => {
    const id = randomUUID();
    expect((await anon.get<Found>("/api/search?q=qorvantix")).body.products).toEqual([]);
    let at = await add(id, "Qorvantix Sketch Pad", "Apsara");
    const added = await anon.get<Found>("/api/search?q=qorvantix", after(at));
    expect(added.body.products.map((p) => [p.id, p.title])).toEqual([[id, "Qorvantix Sketch Pad"]]);

    const renamed = (await anon.get<Found>("/api/search?q=qorvantix", after(at))).body.products[0]!;
    const { id: _id, schoolName: _school, ...fields } = renamed;
    at = await appendEvents(shop.events, `product-${id}`, [
      { type: "ProductUpdated", data: { ...fields, productId: id, title: "Qorvantix Colour Pad" } },
    ]);
    expect(
      (await anon.get<Found>("/api/search?q=qorvantix", after(at))).body.products.map((p) => p.title),
    ).toEqual(["Qorvantix Colour Pad"]);
    expect((await anon.get<Found>("/api/search?q=qorvantix%20sketch", after(at))).body.products).toEqual([]);

    at = await appendEvents(shop.events, `product-${id}`, [
      { type: "ProductRemoved", data: { productId: id } },
    ]);
    expect((await anon.get<Found>("/api/search?q=qorvantix", after(at))).body.products).toEqual([]);
  });

  it("answers a repeated query (kept, serialised once) with the bytes and headers of its first answer", async () => {
    const raw = async () => {
      const res = await fetch(`${shop.url}/api/search?q=${encodeURIComponent("zyxwquill apsara")}`, {
        headers: after(position),
      });
      // Per response: the time and the request's correlation id.
      const { date: _date, "x-correlation-id": _id, ...headers } = Object.fromEntries(res.headers);
      return { status: res.status, headers, body: await res.text() };
    };
    const first = await raw();
    expect(first.status).toBe(200);
    expect(first.headers["content-type"]).toBe("application/json; charset=utf-8");
    expect(JSON.parse(first.body).products.length).toBeGreaterThan(0);
    // What res.json would have sent for the same value.
    expect(first.body).toBe(JSON.stringify(JSON.parse(first.body)));
    expect(await raw()).toEqual(first);
    expect(await raw()).toEqual(first);
  });

  it("treats the query as text, not a pattern", async () => {
    expect((await anon.get<Found>("/api/search?q=.*")).body).toEqual({ schools: [], products: [] });
    expect((await anon.get<Found>("/api/search?q=(")).status).toBe(200);
  });

  it("answers 400 for unknown parameters or an overlong query", async () => {
    expect((await anon.get("/api/search?q=a&kind=book")).status).toBe(400);
    const long = await anon.get<{ errors: { path: string; message: string }[] }>(
      `/api/search?q=${"a".repeat(101)}`,
    );
    expect(long.status).toBe(400);
    expect(long.body.errors).toEqual([{ path: "q", message: "Search text must be at most 100 characters" }]);
  });
});
