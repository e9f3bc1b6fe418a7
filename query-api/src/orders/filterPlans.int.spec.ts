import { type OrderDoc, type OrderFilters, ordersCollection } from "@shop/contracts";
import { orderDoc, orderLine } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { listOrders } from "./queries.ts";

const hex = (n: number, width = 12) => n.toString(16).padStart(width, "0");
const schools = ["00000000-0000-4000-8000-0000000005c1", "00000000-0000-4000-8000-0000000005c2"];

/**
 * `total` orders of `customers` customers in turn, a minute apart from 2025-01-01, a quarter without
 * a school, statuses in turn, with every index of `ordersCollection`.
 */
const indexedOrders = async (total: number, customers: number) => {
  const docs = createMemoryDocumentStore();
  const orders = docs.collection<OrderDoc>(ordersCollection.name);
  for (const idx of ordersCollection.indexes) await orders.createIndex(idx.keys);
  for (let i = 0; i < total; i++) {
    // Short ids (the last 8) spread like random ones.
    const orderId = `00000000-0000-4000-8000-0000${hex(((i + 1) * 2654435761) >>> 0, 8)}`;
    const c = i % customers;
    const doc = orderDoc(
      {
        orderId,
        customer: {
          userId: `00000000-0000-4000-8000-${hex(c + 1)}`,
          name: `Customer ${c}`,
          email: `customer.${c}@example.com`,
          contact: `+91 9${String(c).padStart(9, "0")}`,
        },
        items: [orderLine(i % 4 === 0 ? {} : { schoolId: schools[i % 2] as string })],
        placedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
      },
      String(i + 1),
    );
    await orders.replaceOne({ _id: orderId }, { ...doc, status: 1 + (i % 3) }, { upsert: true });
  }
  return docs;
};

/**
 * Every admin filter is answered through an index of `ordersCollection` (the embedded planner's
 * scan counts; MongoDB gets the same indexes): a page reads about a page of documents, or the few
 * its index range holds, never the whole collection. The bench times it (scenario 8).
 */
describe("the admin's filters over many orders", () => {
  it("each reads through its index, not the whole collection", async () => {
    const total = 3000;
    const docs = await indexedOrders(total, 100);
    const coll = docs.collection("orders");
    const plan = async (filters: OrderFilters) => {
      const page = await listOrders(docs, { ...filters, limit: 50 });
      return { count: page.items.length, ...coll.lastScan() };
    };

    expect(await plan({ status: 2 })).toMatchObject({ count: 50, index: "status_1_placedAt_-1__id_-1" });
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);
    expect(await plan({ school: schools[0] as string })).toMatchObject({
      count: 50,
      index: "schoolId_1_placedAt_-1__id_-1",
    });
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);
    // One IST day: 1,440 orders a minute apart, read newest first from the day's end.
    expect(await plan({ from: "2025-01-02", to: "2025-01-02" })).toMatchObject({
      count: 50,
      index: "placedAt_-1__id_-1",
    });
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);
    for (const customer of ["Customer 42", "customer.42@example.com", "9000000042"]) {
      const found = await plan({ customer });
      expect(found.count, customer).toBe(30);
      expect(found.index, customer).toMatch(/^customerKeys\./);
      expect(found.examined, customer).toBeLessThanOrEqual(31);
    }
    // Two characters: about 3000 / 256 orders.
    const two = hex((1 * 2654435761) >>> 0, 8).slice(0, 2);
    const prefix = await plan({ orderId: `#${two}` });
    expect(prefix).toMatchObject({ index: "shortId_1" });
    expect(prefix.count).toBeGreaterThan(0);
    expect(prefix.examined).toBe(prefix.count);
    // Combined: the planner picks one index and tests the rest on the documents it reads.
    const combined = await plan({ status: 1, school: schools[1] as string, from: "2025-01-02" });
    expect(combined.count).toBe(50);
    expect(combined.examined).toBeLessThan(total / 10);
  });

  it("a name prefix of a few customers' many orders merges each name's newest-first run: a page reads a page", async () => {
    // 200 customers with 60 orders each, interleaved in time.
    const docs = await indexedOrders(12_000, 200);
    const orders = docs.collection<OrderDoc>(ordersCollection.name);
    // "Customer 12" starts 11 customers' names (12, 120–129): 660 orders, 1 in 18 of them. Walking
    // every order newest first would read ~900 to fill a page, sorting their range 660; each name's
    // orders are a run of the name index already newest first, and merging the 11 reads 51.
    const newestFirst = { sort: { placedAt: -1, _id: -1 } } as const;
    const expected = (await orders.find({}, newestFirst))
      .filter((o) => o.customerKeys.name.startsWith("customer 12"))
      .map((o) => o._id);
    expect(expected).toHaveLength(660);
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let p = 0; p < 4; p++) {
      const page = await listOrders(docs, { customer: "Customer 12", limit: 50, cursor });
      expect(page.items).toHaveLength(50);
      if (p === 0) {
        expect(orders.lastScan().index).toBe("customerKeys.name_1_placedAt_-1__id_-1");
        expect(orders.lastScan().examined).toBeLessThanOrEqual(51);
      }
      seen.push(...page.items.map((o) => o.id));
      cursor = page.nextCursor;
    }
    expect(seen).toEqual(expected.slice(0, 200));
    // One customer's name is one run; a second condition is tested on what the merge reads.
    const one = await listOrders(docs, { customer: "Customer 123", limit: 5 });
    const own = await orders.find({ "customerKeys.name": "customer 123" }, newestFirst);
    expect(one.items.map((o) => o.id)).toEqual(own.slice(0, 5).map((o) => o._id));
    const processing = await listOrders(docs, { customer: "Customer 12", status: 2, limit: 50 });
    const processingExpected = (await orders.find({ status: 2 }, newestFirst))
      .filter((o) => o.customerKeys.name.startsWith("customer 12"))
      .map((o) => o._id);
    expect(processing.items.map((o) => o.id)).toEqual(processingExpected.slice(0, 50));
  });
});
