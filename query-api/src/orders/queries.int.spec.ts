import { type OrderDoc, ordersCollection } from "@shop/contracts";
import { orderDoc } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { listOrders } from "./queries.ts";

const hex = (n: number) => n.toString(16).padStart(12, "0");
const customers = ["00000000-0000-4000-8000-00000000c001", "00000000-0000-4000-8000-00000000c002"];

describe("listing orders over many orders", () => {
  it("reads about one page of documents through the indexes, first page and deep pages alike", async () => {
    const docs = createMemoryDocumentStore();
    const orders = docs.collection<OrderDoc>(ordersCollection.name);
    for (const idx of ordersCollection.indexes) await orders.createIndex(idx.keys);
    const total = 3000;
    for (let i = 0; i < total; i++) {
      const orderId = `00000000-0000-4000-8000-${hex(i + 1)}`;
      const doc = orderDoc(
        {
          orderId,
          customer: { userId: customers[i % 2] as string, name: "A", email: "a@example.com", contact: "1" },
          // Many orders share a second, so the cursor's _id tie-break matters.
          placedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
        },
        String(i + 1),
      );
      await orders.replaceOne({ _id: orderId }, doc, { upsert: true });
    }
    const coll = docs.collection("orders");

    const first = await listOrders(docs, { limit: 50 });
    expect(first.items).toHaveLength(50);
    expect(coll.lastScan().index).toBe("placedAt_-1__id_-1");
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);

    let page = first;
    const seen = new Set(first.items.map((o) => o.id));
    for (let n = 0; n < 20 && page.nextCursor; n++) {
      page = await listOrders(docs, { limit: 50, cursor: page.nextCursor });
      for (const o of page.items) seen.add(o.id);
      expect(coll.lastScan().examined).toBeLessThanOrEqual(60);
    }
    expect(seen.size).toBe(21 * 50);

    const mine = await listOrders(docs, { customerId: customers[0], limit: 50 });
    expect(mine.items).toHaveLength(50);
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);
  });
});
