import { randomUUID } from "node:crypto";
import { type OrderPlacedData, type Page, type Product, Streams } from "@shop/contracts";
import { client, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/** Issue 18, item 3: an order keeps each book's school and class, as it keeps the price. */
describe("an order's books", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("carry the school's name and the class in OrderPlaced; notebooks carry neither", async () => {
    const anon = client(shop.url);
    const books = (await anon.get<Page<Product>>("/api/products?kind=book&class=8&limit=1")).body.items;
    const notebooks = (await anon.get<Page<Product>>("/api/products?kind=notebook&limit=1")).body.items;
    const [book, notebook] = [books[0], notebooks[0]];
    if (!book || !notebook) throw new Error("the demo catalogue lacks a class 8 book or a notebook");
    const customer = await signupCustomer(shop.url);
    const orderId = randomUUID();
    const res = await customer.api.post("/api/orders", {
      orderId,
      items: [
        { productId: book.id, quantity: 1 },
        { productId: notebook.id, quantity: 1 },
      ],
      shippingAddress: "12 MG Road, Pune",
    });
    expect(res.status).toBe(201);
    const [placed] = await shop.events.readStream(Streams.order(orderId));
    if (!placed) throw new Error("no OrderPlaced");
    const items = (placed.data as OrderPlacedData).items;
    expect(items.map((i) => [i.productId, i.schoolName, i.class])).toEqual([
      [book.id, book.schoolName, 8],
      [notebook.id, undefined, undefined],
    ]);
    expect(book.schoolName).toBeTruthy();
  });
});
