import type { OrderDoc, ProductDoc } from "@shop/contracts";
import { fixtureIds, orderLine, orderPlaced } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { storeReadModels } from "../readModels.ts";
import { recorded } from "../testing/events.ts";
import { ordersWithBooks } from "./orderBooks.ts";

const bookId = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";

describe("orders: a placed order's books name their school and class", () => {
  it("takes them from the products read model once, and leaves notebooks alone", async () => {
    const docs = createMemoryDocumentStore();
    const book: ProductDoc = {
      _id: bookId,
      id: bookId,
      kind: "book",
      title: "English Class 8",
      author: "Wren & Martin",
      publisher: "NCERT",
      publishedOn: "2025-04-01",
      edition: "2025",
      language: "English",
      subject: "English",
      schoolId: "0b6c0f8e-1d2a-4c3b-8e4f-5a6b7c8d9e0f",
      schoolName: "Delhi Public School Pune",
      class: 8,
      pricePaise: 20000,
      discountPaise: 0,
      description: "d",
      imageUrl: "/media/books/e8.png",
      searchTokens: [],
      revision: 0,
    };
    await docs.collection<ProductDoc>("products").replaceOne({ _id: bookId }, book, { upsert: true });
    const items = [
      orderLine({ productId: bookId, kind: "book", title: "English Class 8", quantity: 1 }),
      orderLine(),
    ];
    const [placed] = recorded(`order-${fixtureIds.order}`, [orderPlaced({ items })]);
    if (!placed) throw new Error("no event");

    const notes = await ordersWithBooks.apply(storeReadModels(docs), placed, true);
    const order = await docs.collection<OrderDoc>("orders").findOne({ _id: fixtureIds.order });
    expect(order?.items.map((i) => [i.title, i.schoolName, i.class])).toEqual([
      ["English Class 8", "Delhi Public School Pune", 8],
      ["Classmate Notebook", undefined, undefined],
    ]);
    expect(notes.map((n) => n.event)).toEqual(["order.placed", "order.updated"]);
    expect(await ordersWithBooks.apply(storeReadModels(docs), placed, true)).toEqual([]);
  });
});
