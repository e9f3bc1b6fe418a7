import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { Doc, Filter, FindOptions } from "../ports/documents.ts";
import { saveCheckpoint } from "../readModels/checkpoints.ts";
import { holdWriteLock, releaseWriteLock } from "../testing/sqliteLock.ts";
import { type ColdPolicy, isStub, stubOf } from "./coldTier.ts";
import { createMemoryDocumentStore, type MemoryDocumentStore } from "./memoryDocumentStore.ts";
import { openMemorySnapshot } from "./memorySnapshot.ts";
import { documentsModule, expectKilledMidWrite } from "./testing/killedMidWrite.ts";

const COLLECTIONS = ["orders", "checkpoints"];
const DAY = 86_400_000;
const NOW = Date.UTC(2026, 5, 1);
const DELIVERED = 3;

/** Delivered orders placed more than 30 days before the clock: as the standalone's policy. */
const policy = (days = 30): ColdPolicy => ({
  fields: ["status", "placedAt", "customerId", "customerKeys", "shortId"],
  isCold: (doc, now) => doc.status === DELIVERED && Date.parse(doc.placedAt as string) <= now - days * DAY,
});

const indexed = async (docs: MemoryDocumentStore) => {
  const orders = docs.collection("orders");
  await orders.createIndex({ customerId: 1, placedAt: -1, _id: -1 });
  await orders.createIndex({ status: 1, placedAt: -1, _id: -1 });
  await orders.createIndex({ "customerKeys.name": 1, placedAt: -1, _id: -1 });
  await orders.createIndex({ placedAt: -1, _id: -1 });
  await orders.createIndex({ shortId: 1 });
  return docs;
};

/** 120 orders over 120 days before NOW, of 4 customers; most delivered (so the old ones cold). */
const order = (i: number): Doc => ({
  _id: `order-${String(i).padStart(4, "0")}`,
  shortId: `s${String(i).padStart(4, "0")}`,
  status: i % 5 === 0 ? 1 : i % 7 === 0 ? 2 : DELIVERED,
  placedAt: new Date(NOW - (120 - i) * DAY).toISOString(),
  customerId: `c${i % 4}`,
  customerKeys: { name: `customer ${i % 4}`, email: `c${i % 4}@example.com`, phone: `9${i % 4}` },
  payablePaise: 1000 + ((i * 37) % 500),
  items: [{ title: `Book ${i % 6}`, quantity: 1 + (i % 3) }],
  timeline: [{ at: "2026-01-01T00:00:00.000Z", type: "OrderPlaced" }],
});

const filled = async (orders = 120) => {
  const docs = await indexed(createMemoryDocumentStore());
  for (let i = 0; i < orders; i++)
    await docs.collection("orders").replaceOne({ _id: order(i)._id }, order(i), { upsert: true });
  await saveCheckpoint(docs, String(orders));
  return docs;
};

const stubs = (docs: MemoryDocumentStore) =>
  [...docs.collection("orders").peekAll()].filter((d) => isStub(d as Doc)).length;

/** What the shop asks of orders: admin filters, a customer's own, by id, and fields no stub holds. */
const QUERIES: [string, Filter, FindOptions][] = [
  ["everyone's newest first", {}, { sort: { placedAt: -1, _id: -1 }, limit: 30 }],
  [
    "a page after a cursor",
    { placedAt: { $lt: new Date(NOW - 50 * DAY).toISOString() } },
    { sort: { placedAt: -1, _id: -1 }, limit: 10 },
  ],
  ["delivered", { status: DELIVERED }, { sort: { placedAt: -1, _id: -1 }, limit: 200 }],
  ["a customer's own", { customerId: "c1" }, { sort: { placedAt: -1, _id: -1 }, limit: 100 }],
  [
    "by customer name prefix",
    { "customerKeys.name": { $gte: "customer 2", $lt: "customer 2\uffff" } },
    { sort: { placedAt: -1, _id: -1 } },
  ],
  ["by short id prefix", { shortId: { $gte: "s00", $lt: "s00\uffff" } }, { sort: { placedAt: -1, _id: -1 } }],
  ["by id", { _id: "order-0003" }, {}],
  ["by ids", { _id: { $in: ["order-0003", "order-0100", "order-0005"] } }, { sort: { _id: 1 } }],
  [
    "status and date range",
    { $and: [{ status: DELIVERED }, { placedAt: { $gte: new Date(NOW - 90 * DAY).toISOString() } }] },
    { sort: { placedAt: -1, _id: -1 } },
  ],
  // Fields only the whole documents hold: the cold ones are read back, never a wrong answer.
  ["a filter on a field stubs lack", { payablePaise: { $gt: 1300 } }, { sort: { _id: 1 } }],
  ["a nested field stubs lack", { "items.title": "Book 2" }, { sort: { placedAt: 1, _id: 1 } }],
  ["a sort on a field stubs lack", { status: DELIVERED }, { sort: { payablePaise: -1, _id: 1 }, limit: 15 }],
  [
    "$or across covered and uncovered",
    { $or: [{ customerId: "c3" }, { payablePaise: 1000 }] },
    { sort: { _id: -1 } },
  ],
  [
    "a projection",
    { customerId: "c2" },
    { sort: { placedAt: -1, _id: -1 }, projection: { items: 1, status: 1 } },
  ],
];

describe("cold documents: stubs in memory, bodies in the snapshot file", () => {
  const dirs: string[] = [];
  const tempFile = () => {
    const dir = mkdtempSync(join(tmpdir(), "cold-"));
    dirs.push(dir);
    return join(dir, "read-models.db");
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  /** Filled, loaded into an empty snapshot and written once: its old delivered orders are stubs. */
  const savedCold = async () => {
    const file = tempFile();
    const docs = await filled();
    const reference = await filled();
    const snap = open(docs, file);
    await snap.load("120");
    snap.write();
    return { file, docs, reference, snap };
  };
  /** Saved 60 days ago, when fewer orders were cold; now is NOW, and a sweep has work to do. */
  const savedBeforeTheyCooled = async () => {
    const file = tempFile();
    const docs = await filled();
    let now = NOW - 60 * DAY;
    const snap = open(docs, file, () => now);
    await snap.load("120");
    snap.write();
    const early = stubs(docs);
    now = NOW;
    return { file, docs, snap, early };
  };
  const open = (docs: MemoryDocumentStore, file: string, now = () => NOW) =>
    openMemorySnapshot(docs, {
      file,
      version: "v1",
      collections: COLLECTIONS,
      cold: { orders: policy() },
      now,
    });

  it("a write leaves only stubs of the cold documents; every query answers as with all of them whole", async () => {
    const file = tempFile();
    const docs = await filled();
    const reference = await filled();
    const snap = open(docs, file);
    await snap.load("120");
    expect(stubs(docs)).toBe(0);
    snap.write();
    // Delivered, placed more than 30 days ago: orders 0..90 that are delivered.
    const cold = [...Array(120).keys()].filter((i) => order(i).status === DELIVERED && i <= 90).length;
    expect(cold).toBeGreaterThan(50);
    expect(stubs(docs)).toBe(cold);
    const orders = docs.collection("orders");
    for (const [what, filter, opts] of QUERIES) {
      const want = await reference.collection("orders").find(filter, opts);
      expect(await orders.find(filter, opts), what).toEqual(want);
      expect(await orders.countDocuments(filter), what).toBe(
        await reference.collection("orders").countDocuments(filter),
      );
      expect(await orders.findOne(filter), what).toEqual(
        await reference.collection("orders").findOne(filter),
      );
    }
    // A covered query walks its index over the stubs.
    await orders.find({ customerId: "c1" }, { sort: { placedAt: -1, _id: -1 }, limit: 5 });
    expect(orders.lastScan().index).toBe("customerId_1_placedAt_-1__id_-1");
    // Reading a cold document does not bring it back into memory.
    expect(stubs(docs)).toBe(cold);
    await snap.close();
  });

  it("a write to a cold document brings it back whole, saved by the next write, and cold again after", async () => {
    const { file, docs, reference, snap } = await savedCold();
    const before = stubs(docs);
    const orders = docs.collection("orders");
    for (const store of [docs, reference]) {
      const o = store.collection("orders");
      // A guarded write whose filter names a field no stub holds (as the projector's revision guard).
      await o.updateOne(
        { _id: "order-0001", payablePaise: order(1).payablePaise },
        { $set: { note: "re-sent" } },
      );
      await o.updateOne({ _id: "order-0002" }, { $set: { status: DELIVERED } }); // no change: stays cold
      await o.replaceOne({ _id: "order-0004" }, { ...order(4), status: 2 });
      await o.deleteOne({ _id: "order-0006" });
      await o.deleteMany({ customerId: "c3", placedAt: { $lt: new Date(NOW - 110 * DAY).toISOString() } });
    }
    const raw = new Map([...orders.peekAll()].map((d) => [d._id, d as Doc]));
    expect(isStub(raw.get("order-0001")!)).toBe(false);
    expect(isStub(raw.get("order-0002")!)).toBe(true);
    expect(isStub(raw.get("order-0004")!)).toBe(false);
    expect(raw.has("order-0006")).toBe(false);
    for (const [what, filter, opts] of QUERIES)
      expect(await orders.find(filter, opts), what).toEqual(
        await reference.collection("orders").find(filter, opts),
      );
    await saveCheckpoint(docs, "121");
    expect(snap.write()).toMatchObject({ full: false });
    // order-0001 is delivered and old: saved, it leaves memory again; order-0004 is no longer delivered.
    const after = new Map([...orders.peekAll()].map((d) => [d._id, d as Doc]));
    expect(isStub(after.get("order-0001")!)).toBe(true);
    expect(isStub(after.get("order-0004")!)).toBe(false);
    expect(stubs(docs)).toBeLessThan(before);
    await snap.close();

    // Boot: the stubs loaded, not the bodies; the same answers.
    const loaded = await indexed(createMemoryDocumentStore());
    const again = open(loaded, file);
    expect(await again.load("121")).toMatchObject({ loaded: true, position: "121" });
    expect(stubs(loaded)).toBe(stubs(docs));
    for (const [what, filter, opts] of QUERIES)
      expect(await loaded.collection("orders").find(filter, opts), what).toEqual(
        await reference.collection("orders").find(filter, opts),
      );
    await again.close();
  });

  it("an index made later on a field stubs lack is built from the whole documents and kept right", async () => {
    const { docs, reference, snap } = await savedCold();
    expect(stubs(docs)).toBeGreaterThan(0);
    for (const store of [docs, reference]) {
      const o = store.collection("orders");
      await o.createIndex({ payablePaise: 1 });
      // A cold order replaced in bulk: its old key in the new index comes from its whole document.
      await o.storeMany([{ ...order(3), payablePaise: 1 }]);
    }
    // Order 3 was at 1111: inside the range, so a stale entry would list it twice.
    const query = [{ payablePaise: { $lt: 1200 } }, { sort: { payablePaise: 1, _id: 1 } }] as const;
    const got = await docs.collection("orders").find(...query);
    expect(docs.collection("orders").lastScan().index).toBe("payablePaise_1");
    expect(got).toEqual(await reference.collection("orders").find(...query));
    expect(got.filter((d) => d._id === "order-0003")).toHaveLength(1);
    await snap.close();
  });

  it("a background write evicts only what is unchanged since it was encoded", async () => {
    const file = tempFile();
    const docs = await filled();
    const snap = open(docs, file);
    await snap.load("120");
    // Orders 1 and 2 hot and dirty for the background write.
    snap.write();
    const orders = docs.collection("orders");
    await orders.updateOne({ _id: "order-0001" }, { $set: { note: "a" } });
    await orders.updateOne({ _id: "order-0002" }, { $set: { note: "b" } });
    const writing = snap.writeInBackground();
    // Changed after the encoding: its new state is not in the file, so it must stay whole.
    await orders.updateOne({ _id: "order-0002" }, { $set: { note: "c" } });
    await writing;
    const raw = new Map([...orders.peekAll()].map((d) => [d._id, d as Doc]));
    expect(isStub(raw.get("order-0001")!)).toBe(true);
    expect(isStub(raw.get("order-0002")!)).toBe(false);
    expect((await orders.findOne({ _id: "order-0001" }))?.note).toBe("a");
    expect((await orders.findOne({ _id: "order-0002" }))?.note).toBe("c");
    await snap.close();
  });

  it("a sweep while another process holds the file's write lock gives up at once and evicts nothing", async () => {
    const { file, docs, snap, early } = await savedBeforeTheyCooled();
    const holder = await holdWriteLock(file);
    try {
      const started = performance.now();
      expect(() => snap.evictCold()).toThrow(/locked/);
      const heldMs = performance.now() - started;
      console.log(
        `[fault] cold sweep under another process's lock | held the event loop ${heldMs.toFixed(0)} ms`,
      );
      // The hourly sweep runs on the event loop: it held every request for SQLite's 5 s lock wait.
      expect(heldMs).toBeLessThan(1000);
      expect(stubs(docs)).toBe(early);
    } finally {
      await releaseWriteLock(holder);
    }
    expect(snap.evictCold()).toBeGreaterThan(0);
    expect(stubs(docs)).toBeGreaterThan(early);
    await snap.close();
  });

  it("orders that became cold since they were saved leave memory on a sweep, and load as stubs", async () => {
    const { file, docs, snap, early } = await savedBeforeTheyCooled();
    expect(snap.evictCold()).toBe(
      [...Array(120).keys()].filter((i) => order(i).status === DELIVERED && i <= 90).length - early,
    );
    expect(snap.evictCold()).toBe(0);
    await snap.close();
    const loaded = await indexed(createMemoryDocumentStore());
    const again = open(loaded, file);
    await again.load("120");
    expect(stubs(loaded)).toBe(stubs(docs));
    // Every order, stub or not, reads back as it was saved.
    expect(await loaded.collection("orders").find({}, { sort: { _id: 1 } })).toEqual(
      await (await filled()).collection("orders").find({}, { sort: { _id: 1 } }),
    );
    await again.close();
  });

  it("a store that keeps nothing cold loads the cold documents whole from the same file", async () => {
    const { file, docs, reference, snap } = await savedCold();
    expect(stubs(docs)).toBeGreaterThan(50);
    await snap.close();
    const loaded = await indexed(createMemoryDocumentStore());
    const whole = openMemorySnapshot(loaded, {
      file,
      version: "v1",
      collections: COLLECTIONS,
      now: () => NOW,
    });
    expect(await whole.load("120")).toMatchObject({ loaded: true });
    expect(stubs(loaded)).toBe(0);
    expect([...loaded.collection("orders").peekAll()]).toEqual(
      await reference.collection("orders").find({}, { sort: { _id: 1 } }),
    );
    await whole.close();
  });

  it("a full write after a failed one reads the stubs' bodies back before replacing the file", async () => {
    const { file, docs, reference, snap } = await savedCold();
    expect(stubs(docs)).toBeGreaterThan(0);
    await docs.collection("orders").updateOne({ _id: "order-0001" }, { $set: { note: "x" } });
    await reference.collection("orders").updateOne({ _id: "order-0001" }, { $set: { note: "x" } });
    const { DatabaseSync } = await import("node:sqlite");
    const other = new DatabaseSync(file);
    other.exec(`CREATE TRIGGER refuse BEFORE INSERT ON docs WHEN NEW.id = 'order-0001'
      BEGIN SELECT RAISE(ABORT, 'refused'); END`);
    await expect(snap.writeInBackground()).rejects.toThrow(/refused/);
    other.exec("DROP TRIGGER refuse");
    other.close();
    expect(snap.pending()).toBe(Number.POSITIVE_INFINITY);
    expect(snap.write()).toMatchObject({ full: true, documents: 121 });
    await snap.close();
    const loaded = await indexed(createMemoryDocumentStore());
    const again = open(loaded, file);
    expect(await again.load("120")).toMatchObject({ loaded: true });
    for (const [what, filter, opts] of QUERIES)
      expect(await loaded.collection("orders").find(filter, opts), what).toEqual(
        await reference.collection("orders").find(filter, opts),
      );
    await again.close();
  });

  it("a process killed in the middle of a write keeps the previous snapshot, its stubs and bodies", async () => {
    const file = tempFile();
    const script = `
      import { createMemoryDocumentStore } from ${documentsModule("memoryDocumentStore.ts")};
      import { openMemorySnapshot } from ${documentsModule("memorySnapshot.ts")};
      import { saveCheckpoint } from ${documentsModule("../readModels/checkpoints.ts")};
      const docs = createMemoryDocumentStore();
      const orders = docs.collection("orders");
      await orders.createIndex({ status: 1 });
      for (let i = 0; i < 50; i++) await orders.replaceOne({ _id: "o" + i }, { _id: "o" + i, status: i % 2 ? 3 : 1, n: i }, { upsert: true });
      await saveCheckpoint(docs, "50");
      const cold = { orders: { fields: ["status"], isCold: (d) => d.status === 3 } };
      const snap = openMemorySnapshot(docs, { file: ${JSON.stringify(file)}, version: "v1", collections: ["orders", "checkpoints"], cold });
      snap.write();
      // Cold ones brought back by a write, hot ones made cold, then killed mid-write.
      for (let i = 0; i < 50; i++) await orders.updateOne({ _id: "o" + i }, { $set: { n: -1, status: i % 2 ? 1 : 3 } });
      await saveCheckpoint(docs, "99");
      Object.defineProperty(orders.peek("o40"), "boom", {
        enumerable: true,
        get() { process.kill(process.pid, "SIGKILL"); },
      });
      snap.write();
      console.log("not killed");
    `;
    expectKilledMidWrite(script);

    const loaded = createMemoryDocumentStore();
    await loaded.collection("orders").createIndex({ status: 1 });
    const cold = { orders: { fields: ["status"], isCold: (d: Readonly<Doc>) => d.status === 3 } };
    const snap = openMemorySnapshot(loaded, { file, version: "v1", collections: COLLECTIONS, cold });
    expect(await snap.load("99")).toMatchObject({ loaded: true, position: "50", documents: 51 });
    expect(stubs(loaded)).toBe(25);
    const orders = await loaded.collection("orders").find({}, { sort: { n: 1 } });
    expect(orders.map((o) => [o.n, o.status])).toEqual(
      Array.from({ length: 50 }, (_, i) => [i, i % 2 ? 3 : 1]),
    );
    expect((await loaded.collection("orders").find({ status: 3 })).length).toBe(25);
    await snap.close();
  });
  it("a projection of fields the stubs hold answers from them, reading no body; any other reads the bodies", async () => {
    const docs = await filled();
    const reference = await filled();
    const orders = docs.collection("orders");
    const fields = new Set(policy().fields);
    const kept = new Map<string, Doc>();
    let reads = 0;
    orders.useTier({
      fields,
      body(id) {
        reads += 1;
        const doc = kept.get(id);
        if (!doc) throw new Error(`no body for ${id}`);
        return doc;
      },
    });
    for (const doc of [...orders.peekAll()]) {
      if (!policy().isCold(doc, NOW)) continue;
      kept.set(doc._id, doc as Doc);
      expect(orders.evict(doc._id, doc, stubOf(doc, fields))).toBe(true);
    }
    expect(stubs(docs)).toBeGreaterThan(50);
    const history = { sort: { placedAt: -1 as const, _id: -1 as const }, limit: 100 };
    for (const projection of [
      { status: 1, placedAt: 1, shortId: 1 },
      { "customerKeys.name": 1, _id: 0 },
    ] as Record<string, 0 | 1>[]) {
      const got = await orders.find({ customerId: "c1" }, { ...history, projection });
      expect(got).toEqual(
        await reference.collection("orders").find({ customerId: "c1" }, { ...history, projection }),
      );
      expect(await orders.findOne({ _id: "order-0001" }, { projection })).toEqual(
        await reference.collection("orders").findOne({ _id: "order-0001" }, { projection }),
      );
    }
    expect(reads).toBe(0);
    // Lines are not in a stub: the cold orders of the page are read back whole.
    const lines = await orders.find({ customerId: "c1" }, { ...history, projection: { items: 1 } });
    expect(lines).toEqual(
      await reference
        .collection("orders")
        .find({ customerId: "c1" }, { ...history, projection: { items: 1 } }),
    );
    expect(reads).toBeGreaterThan(0);
  });
});

describe("the source a query reads through the cold tier", () => {
  it("keeps fast properties (no accessor of its own per query: RESULTS.md, ninth session)", async () => {
    const { execFile } = await import("node:child_process");
    const { promisify } = await import("node:util");
    const module = new URL("./coldTier.ts", import.meta.url).href;
    const script = `
      import { wholeDocuments } from ${JSON.stringify(module)};
      const docs = new Map([["a", { _id: "a" }]]);
      const one = wholeDocuments(docs, {});
      const two = wholeDocuments(docs, {});
      console.log(JSON.stringify({ fast: %HasFastProperties(one), sameMap: %HaveSameMap(one, two), size: one.size, a: one.get("a") }));
    `;
    const { stdout } = await promisify(execFile)(process.execPath, [
      "--allow-natives-syntax",
      "--input-type=module",
      "-e",
      script,
    ]);
    expect(JSON.parse(stdout)).toEqual({ fast: true, sameMap: true, size: 1, a: { _id: "a" } });
  });
});
