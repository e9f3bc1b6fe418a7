import { dashboardCollection, istDayMinus, istDayOf } from "@shop/contracts";
import {
  createMemoryDocumentStore,
  type Doc,
  type DocumentStore,
  type MemoryCollection,
} from "@shop/platform";
import { describe, expect, it } from "vitest";
import { readDashboard } from "./queries.ts";

const uuid = (prefix: string, n: number) =>
  `${prefix}0000000-0000-4000-8000-${n.toString(16).padStart(12, "0")}`;

/** Records, for every find, how many documents it examined and through which index. */
const recording = (docs: DocumentStore) => {
  const scans: { filter: unknown; examined: number; index: string | null; found: number }[] = [];
  const store: DocumentStore = {
    collection<T extends Doc = Doc>(name: string) {
      const coll = docs.collection<T>(name) as MemoryCollection<T>;
      return {
        ...coll,
        find: async (filter, opts) => {
          const found = coll.find(filter, opts);
          scans.push({ filter, ...coll.lastScan(), found: (await found).length });
          return found;
        },
      };
    },
    close: () => docs.close(),
  };
  return { store, scans };
};

describe("the dashboard query over a large read model", () => {
  it("reads about what it answers through the one index, with 20 k order facts in the collection", async () => {
    const docs = createMemoryDocumentStore();
    const coll = docs.collection(dashboardCollection.name);
    for (const idx of dashboardCollection.indexes) await coll.createIndex(idx.keys);
    const put = (doc: Doc) => coll.replaceOne({ _id: doc._id }, doc, { upsert: true });
    const base = { position: "1", group: "" };
    const today = istDayOf(new Date().toISOString());
    for (let i = 0; i < 20_000; i++)
      await put({
        ...base,
        _id: `order:${uuid("d", i)}`,
        kind: "order",
        day: today,
        payablePaise: 100,
        schools: [],
      });
    for (let i = 0; i < 90; i++) {
      const day = istDayMinus(today, i);
      await put({
        ...base,
        _id: `day:${day}`,
        kind: "day",
        group: day,
        day,
        orders: 1,
        revenuePaise: 100,
        deliveredOrders: 0,
        deliveredRevenuePaise: 0,
      });
    }
    for (let i = 0; i < 40; i++)
      await put({
        ...base,
        _id: `school:${uuid("a", i)}`,
        kind: "school",
        schoolId: uuid("a", i),
        name: `School ${i}`,
        orders: i + 1,
        revenuePaise: i * 100,
        deliveredRevenuePaise: 0,
      });
    for (let i = 0; i < 600; i++) {
      const productKind = (["book", "notebook", "stationery"] as const)[i % 3];
      await put({
        ...base,
        _id: `product:${uuid("b", i)}`,
        kind: "product",
        group: productKind,
        productId: uuid("b", i),
        productKind,
        title: `P${i}`,
        schoolId: null,
        quantity: i,
        revenuePaise: i * 10,
      });
    }

    const { store, scans } = recording(docs);
    const got = await readDashboard(store, "1", new Date());
    expect(got.days).toHaveLength(30);
    expect(got.days.every((d) => d.orders === 1)).toBe(true);
    expect(got.schools).toHaveLength(40);
    expect(got.topBooks.map((p) => p.quantity)).toEqual([597, 594, 591, 588, 585, 582, 579, 576, 573, 570]);
    expect(got.topNotebooks[0]?.productKind).toBe("notebook");
    for (const s of scans) {
      expect(s.index, JSON.stringify(s.filter)).toBe("kind_1_group_1");
      // The top lists sort their kind's products as read; the rest read what they answer.
      expect(s.examined, JSON.stringify(s.filter)).toBeLessThanOrEqual(Math.max(s.found + 1, 200));
    }
  });
});
