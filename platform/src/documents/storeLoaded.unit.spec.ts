import { describe, expect, it } from "vitest";
import type { Doc } from "../ports/documents.ts";
import type { RankedOrder } from "./memoryCollection.ts";
import { createMemoryDocumentStore } from "./memoryDocumentStore.ts";

interface Order extends Doc {
  status: number;
  placedAt: string;
}

const orders = (n: number): Order[] =>
  Array.from({ length: n }, (_, i) => ({
    _id: `o${String((i * 37) % n).padStart(4, "0")}`,
    status: i % 4,
    placedAt: new Date(Date.UTC(2025, 0, 1) + ((i * 7919) % n) * 60_000).toISOString(),
  }));

/** A collection's saved index orders, as each entry's place in `list` (what a snapshot stores). */
const rankedOrders = async (list: Order[]): Promise<Map<string, RankedOrder>> => {
  const source = createMemoryDocumentStore().collection<Order>("orders");
  await source.createIndex({ status: 1, placedAt: -1 });
  await source.storeMany(list.map((d) => ({ ...d })));
  const place = new Map(list.map((d, i) => [d._id, i]));
  return new Map(
    source.indexOrders().map((o) => [
      o.name,
      {
        spec: o.spec,
        unplannable: o.unplannable,
        ranks: Int32Array.from(o.ids, (id) => place.get(id) ?? -1),
      },
    ]),
  );
};

const loadedWith = async (list: Order[], saved: Map<string, RankedOrder>) => {
  const target = createMemoryDocumentStore().collection<Order>("orders");
  await target.createIndex({ status: 1, placedAt: -1 });
  const taken = await target.storeLoaded(list, saved);
  const page = await target.find({ status: { $gte: 1 } }, { sort: { status: 1, placedAt: -1 }, limit: 25 });
  return { target, taken, page };
};

describe("storeLoaded", () => {
  const list = orders(500);
  const sorted = [...list]
    .filter((d) => d.status >= 1)
    .sort((a, b) => a.status - b.status || b.placedAt.localeCompare(a.placedAt))
    .slice(0, 25);

  it("takes a saved order that names each document once, and answers as a sorted index does", async () => {
    const { target, taken, page } = await loadedWith(list, await rankedOrders(list));
    expect(taken).toBe(1);
    expect(page).toEqual(sorted);
    expect(target.lastScan().index).not.toBeNull();
    expect(await target.countDocuments()).toBe(500);
  });

  it("sorts instead when the saved order names a document twice or one that is not there", async () => {
    for (const damage of [(r: Int32Array) => r.set([r[1]!], 0), (r: Int32Array) => r.set([500], 3)]) {
      const saved = await rankedOrders(list);
      for (const o of saved.values()) damage(o.ranks);
      const { taken, page } = await loadedWith(list, saved);
      expect(taken).toBe(0);
      expect(page).toEqual(sorted);
    }
  });

  it("sorts instead when the list holds an _id twice, and keeps the later document, as storeMany does", async () => {
    const twice = [...list, { ...list[0]!, status: 3 }];
    const saved = await rankedOrders(list);
    // Ranks for the longer list that still name each place once.
    for (const o of saved.values()) o.ranks = Int32Array.from([...o.ranks, 500]);
    const { target, taken } = await loadedWith(twice, saved);
    expect(taken).toBe(0);
    expect(await target.countDocuments()).toBe(500);
    expect((await target.findOne({ _id: list[0]!._id }))?.status).toBe(3);
    const threes = await target.find({ status: 3 }, { sort: { status: 1, placedAt: -1 } });
    expect(threes.filter((d) => d._id === list[0]!._id)).toHaveLength(1);
  });

  it("refuses a list with a document that has no _id, and stores none of it", async () => {
    const target = createMemoryDocumentStore().collection<Order>("orders");
    await target.createIndex({ status: 1, placedAt: -1 });
    const broken = [...list.slice(0, 200), { status: 1, placedAt: "2025-01-01T00:00:00.000Z" } as Order];
    await expect(target.storeLoaded(broken, await rankedOrders(list))).rejects.toThrow(/_id/);
    expect(await target.countDocuments()).toBe(0);
    expect(await target.find({ status: 1 })).toEqual([]);
  });
});
