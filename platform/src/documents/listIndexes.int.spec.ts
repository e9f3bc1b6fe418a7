import {
  bookListsCollection,
  type CollectionSpec,
  messagesCollection,
  ordersCollection,
  productsCollection,
  promotionsCollection,
  schoolsCollection,
  usersCollection,
} from "@shop/contracts";
import { type Document, MongoClient } from "mongodb";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Doc, Filter, SortSpec } from "../ports/documents.ts";
import { createMemoryCollection } from "./memoryCollection.ts";

/**
 * Every list query of query-api (filter and sort as the routes build them), each served by one of
 * its collection's indexes that ends with the sort's `_id` tie-breaker, so a page reads about
 * `limit` documents and nothing is sorted in memory. The embedded planner must pick the index
 * MongoDB picks; MongoDB's choice is read with explain() when MONGO_URL is set.
 */
interface ListQuery {
  name: string;
  spec: CollectionSpec;
  filter: Filter;
  sort: SortSpec;
  limit: number;
  /** The index (MongoDB's default name) that serves it. */
  index: string;
}

const SCHOOL = "school-3";
const CUSTOMER = "customer-2";
const QUERIES: ListQuery[] = [
  {
    name: "GET /products",
    spec: productsCollection,
    filter: {},
    sort: { title: 1, _id: 1 },
    limit: 21,
    index: "title_1__id_1",
  },
  {
    name: "GET /products?kind=book",
    spec: productsCollection,
    filter: { kind: "book" },
    sort: { title: 1, _id: 1 },
    limit: 21,
    index: "kind_1_title_1__id_1",
  },
  {
    name: "GET /products?schoolId&class",
    spec: productsCollection,
    filter: { schoolId: SCHOOL, class: "5" },
    sort: { title: 1, _id: 1 },
    limit: 21,
    index: "schoolId_1_class_1_title_1__id_1",
  },
  {
    name: "GET /schools/:id/books",
    spec: productsCollection,
    filter: { schoolId: SCHOOL, kind: "book" },
    sort: { class: 1, title: 1, _id: 1 },
    limit: 0,
    index: "schoolId_1_class_1_title_1__id_1",
  },
  {
    name: "GET /schools",
    spec: schoolsCollection,
    filter: {},
    sort: { name: 1, _id: 1 },
    limit: 0,
    index: "name_1__id_1",
  },
  {
    name: "GET /orders (admin)",
    spec: ordersCollection,
    filter: {},
    sort: { placedAt: -1, _id: -1 },
    limit: 21,
    index: "placedAt_-1__id_-1",
  },
  {
    name: "GET /orders (customer)",
    spec: ordersCollection,
    filter: { customerId: CUSTOMER },
    sort: { placedAt: -1, _id: -1 },
    limit: 21,
    index: "customerId_1_placedAt_-1__id_-1",
  },
  {
    name: "GET /users",
    spec: usersCollection,
    filter: {},
    sort: { registeredAt: -1, _id: -1 },
    limit: 21,
    index: "registeredAt_-1__id_-1",
  },
  {
    name: "GET /booklists",
    spec: bookListsCollection,
    filter: {},
    sort: { uploadedAt: -1, _id: -1 },
    limit: 21,
    index: "uploadedAt_-1__id_-1",
  },
  {
    name: "GET /messages",
    spec: messagesCollection,
    filter: {},
    sort: { sentAt: -1, _id: -1 },
    limit: 21,
    index: "sentAt_-1__id_-1",
  },
  {
    name: "GET /promotions (admin)",
    spec: promotionsCollection,
    filter: {},
    sort: { createdSeq: -1, _id: -1 },
    limit: 0,
    index: "createdSeq_-1__id_-1",
  },
  {
    name: "GET /promotions",
    spec: promotionsCollection,
    filter: { active: true },
    sort: { createdSeq: -1, _id: -1 },
    limit: 0,
    index: "active_1_createdSeq_-1__id_-1",
  },
];

const at = (i: number) => new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
/** Enough documents of each collection that a full scan and an index scan differ clearly. */
const documents = (collection: string): Doc[] =>
  Array.from({ length: 400 }, (_, i) => {
    const _id = `${collection}-${String(i).padStart(4, "0")}`;
    switch (collection) {
      case "products":
        return {
          _id,
          title: `Title ${i % 50}`,
          kind: i % 3 ? "book" : "notebook",
          schoolId: `school-${i % 7}`,
          class: String(i % 10),
        };
      case "schools":
        return { _id, name: `School ${i % 40}` };
      case "orders":
        return { _id, customerId: `customer-${i % 9}`, placedAt: at(i % 100) };
      case "users":
        return { _id, registeredAt: at(i % 100) };
      case "booklists":
        return { _id, uploadedAt: at(i % 100) };
      case "messages":
        return { _id, sentAt: at(i % 100) };
      default:
        return { _id, createdSeq: i, active: i % 2 === 0 };
    }
  });

const sortKeys = (sort: SortSpec) => Object.entries(sort);

describe("list queries and their indexes", () => {
  it("every index of a sorted list ends with the sort's _id tie-breaker", () => {
    for (const q of QUERIES) {
      const index = q.spec.indexes.find(
        (i) =>
          Object.entries(i.keys)
            .map(([k, d]) => `${k}_${d}`)
            .join("_") === q.index,
      );
      expect(index, `${q.name}: ${q.index} in ${q.spec.name}`).toBeDefined();
      const keys = Object.entries(index!.keys);
      // The sort is the index's tail (after its equality fields), _id last, in one direction or its reverse.
      const tail = keys.slice(keys.length - sortKeys(q.sort).length);
      const sort = sortKeys(q.sort);
      const same = tail.every(([k, d], i) => k === sort[i]![0] && d === sort[i]![1]);
      const reversed = tail.every(([k, d], i) => k === sort[i]![0] && d === -sort[i]![1]);
      expect(same || reversed, q.name).toBe(true);
      expect(keys.at(-1)?.[0], q.name).toBe("_id");
    }
  });

  it("the embedded planner uses that index and reads about a page, not the collection", async () => {
    for (const q of QUERIES) {
      const coll = createMemoryCollection(q.spec.name);
      for (const idx of q.spec.indexes) await coll.createIndex(idx.keys, idx.unique ? { unique: true } : {});
      for (const d of documents(q.spec.name)) await coll.replaceOne({ _id: d._id }, d, { upsert: true });
      await coll.find(q.filter, { sort: q.sort, ...(q.limit && { limit: q.limit }) });
      const scan = coll.lastScan();
      expect(scan.index, q.name).toBe(q.index);
      if (q.limit && Object.keys(q.filter).length === 0)
        expect(scan.examined, q.name).toBeLessThanOrEqual(q.limit);
    }
  });
});

const MONGO_URL = process.env.MONGO_URL?.trim();
if (!MONGO_URL)
  console.log("skipped: no server (MONGO_URL unset): list queries were not explained on MongoDB");

describe.runIf(MONGO_URL)("list queries on MongoDB (explain)", () => {
  let mongo: MongoClient;
  const dbName = `shop_indexes_${Date.now()}`;
  beforeAll(async () => {
    mongo = new MongoClient(MONGO_URL!, { serverSelectionTimeoutMS: 5000 });
    await mongo.connect();
  });
  afterAll(async () => {
    await mongo?.db(dbName).dropDatabase();
    await mongo?.close();
  });

  const stages = (plan: Document): Document[] => [
    plan,
    ...(plan.inputStage ? stages(plan.inputStage as Document) : []),
    ...((plan.inputStages as Document[] | undefined) ?? []).flatMap(stages),
  ];

  it("MongoDB picks the same index as the embedded planner, with no in-memory sort", async () => {
    const db = mongo.db(dbName);
    const seeded = new Set<string>();
    for (const q of QUERIES) {
      const coll = db.collection<Doc>(q.spec.name);
      if (!seeded.has(q.spec.name)) {
        seeded.add(q.spec.name);
        for (const idx of q.spec.indexes)
          await coll.createIndex(idx.keys, idx.unique ? { unique: true } : {});
        await coll.insertMany(documents(q.spec.name));
      }
      const cursor = coll.find(q.filter as Document, { sort: q.sort, ...(q.limit && { limit: q.limit }) });
      const explained = await cursor.explain("queryPlanner");
      const winning = (explained.queryPlanner as Document).winningPlan as Document;
      const all = stages((winning.queryPlan as Document | undefined) ?? winning);
      const ixscan = all.find((s) => s.stage === "IXSCAN");
      expect(ixscan?.indexName, `${q.name}: ${JSON.stringify(winning)}`).toBe(q.index);
      expect(
        all.some((s) => s.stage === "SORT"),
        `${q.name}: sorted in memory`,
      ).toBe(false);
    }
  });
});
