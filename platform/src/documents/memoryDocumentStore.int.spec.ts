import { describe, expect, it } from "vitest";
import type { Doc } from "../ports/documents.ts";
import { documentStoreConformance } from "./documents.conformance.ts";
import { createMemoryDocumentStore } from "./memoryDocumentStore.ts";

documentStoreConformance("memory (mingo)", async () => ({
  store: createMemoryDocumentStore(),
  cleanup: async () => {},
}));

interface Order extends Doc {
  userId: string;
  status: number;
  createdAt: string;
  total: number;
}

const N = 100_000;

function seededOrders(): Order[] {
  // A fixed pseudo-random order so the index is built from unsorted inserts.
  const orders: Order[] = [];
  let x = 42;
  for (let i = 0; i < N; i++) {
    x = (x * 1103515245 + 12345) % 2 ** 31;
    const t = new Date(Date.UTC(2024, 0, 1) + (x % 31_536_000) * 1000).toISOString();
    orders.push({
      _id: `o${i}`,
      userId: `u${i % 500}`,
      status: 1 + (i % 3),
      createdAt: t,
      total: x % 10_000,
    });
  }
  return orders;
}

describe("memory document store indexes over 100k documents", () => {
  const store = createMemoryDocumentStore();
  const orders = store.collection<Order>("orders");
  const all = seededOrders();
  const byCreatedDesc = [...all].sort((a, b) =>
    a.createdAt === b.createdAt ? (a._id < b._id ? 1 : -1) : a.createdAt < b.createdAt ? 1 : -1,
  );

  it("builds indexes over unsorted inserts", async () => {
    await orders.createIndex({ createdAt: -1 });
    await orders.createIndex({ userId: 1, createdAt: -1 });
    for (const o of all) await orders.replaceOne({ _id: o._id }, o, { upsert: true });
    expect(await orders.countDocuments()).toBe(N);
  });

  it("answers a sorted first page from the index without scanning everything", async () => {
    const page = await orders.find({}, { sort: { createdAt: -1, _id: -1 }, limit: 50 });
    expect(page.map((o) => o._id)).toEqual(byCreatedDesc.slice(0, 50).map((o) => o._id));
    expect(orders.lastScan()).toEqual({ examined: 50, index: "createdAt_-1" });
  });

  it("pages through an equality prefix of a compound index in order", async () => {
    const page = await orders.find({ userId: "u7" }, { sort: { createdAt: -1 }, skip: 10, limit: 20 });
    const expected = byCreatedDesc.filter((o) => o.userId === "u7").slice(10, 30);
    expect(page.map((o) => o.createdAt)).toEqual(expected.map((o) => o.createdAt));
    expect(orders.lastScan()).toEqual({ examined: 30, index: "userId_1_createdAt_-1" });
  });

  it("filters a sorted page on an unindexed field by walking the index only as far as needed", async () => {
    const page = await orders.find({ status: 2 }, { sort: { createdAt: -1, _id: -1 }, limit: 50 });
    expect(page.map((o) => o._id)).toEqual(
      byCreatedDesc
        .filter((o) => o.status === 2)
        .slice(0, 50)
        .map((o) => o._id),
    );
    expect(orders.lastScan().examined).toBeLessThan(1000);
  });

  it("uses an index range for a range filter", async () => {
    const from = "2024-06-01T00:00:00.000Z";
    const to = "2024-06-02T00:00:00.000Z";
    const count = await orders.countDocuments({ createdAt: { $gte: from, $lt: to } });
    expect(count).toBe(all.filter((o) => o.createdAt >= from && o.createdAt < to).length);
    expect(orders.lastScan().examined).toBe(count);
  });

  it("looks up _id without a scan", async () => {
    expect((await orders.findOne({ _id: "o777" }))?.userId).toBe("u277");
    expect(orders.lastScan()).toEqual({ examined: 1, index: "_id_" });
  });

  it("falls back to a full scan for an unindexed filter", async () => {
    expect(await orders.countDocuments({ total: { $lt: 0 } })).toBe(0);
    expect(orders.lastScan()).toEqual({ examined: N, index: null });
  });
});

describe("memory document store: shared reads", () => {
  it("answers its own documents and values for a shared read, copies otherwise", async () => {
    const store = createMemoryDocumentStore();
    const books = store.collection<Doc & { title: string; tags: string[]; price: number }>("books");
    await books.replaceOne(
      { _id: "b1" },
      { _id: "b1", title: "Maths 6", tags: ["ncert"], price: 120 },
      { upsert: true },
    );
    const stored = books.peek("b1")!;
    const [whole] = await books.find({ _id: "b1" }, { shared: true });
    const [projected] = await books.find({ _id: "b1" }, { shared: true, projection: { title: 1, tags: 1 } });
    expect(whole).toBe(stored);
    expect(projected).toEqual({ title: "Maths 6", tags: ["ncert"], _id: "b1" });
    expect(projected!.tags).toBe(stored.tags);
    const [copy] = await books.find({ _id: "b1" }, { projection: { title: 1, tags: 1 } });
    expect(copy!.tags).not.toBe(stored.tags);
    expect(await books.findOne({ _id: "b1" })).not.toBe(stored);
    expect(await books.findOne({ _id: "b1" }, { shared: true })).toBe(stored);
  });

  it("deep-freezes what it stores when frozen, so a reader that changed a shared document throws", async () => {
    const store = createMemoryDocumentStore({ frozen: true });
    const books = store.collection<Doc & { title: string; tags: string[] }>("books");
    await books.replaceOne({ _id: "b1" }, { _id: "b1", title: "Maths 6", tags: ["ncert"] }, { upsert: true });
    await books.storeMany([{ _id: "b2", title: "English 6", tags: [] }]);
    for (const id of ["b1", "b2"]) {
      const shared = (await books.findOne({ _id: id }, { shared: true }))!;
      expect(() => shared.tags.push("changed")).toThrow(TypeError);
      expect(() => {
        shared.title = "changed";
      }).toThrow(TypeError);
      // A copy is the reader's own.
      const copy = (await books.findOne({ _id: id }))!;
      copy.tags.push("mine");
      expect(books.peek(id)!.tags).not.toContain("mine");
    }
  });
});
