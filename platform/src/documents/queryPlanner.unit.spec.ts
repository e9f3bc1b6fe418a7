import { describe, expect, it } from "vitest";
import type { Doc, Filter, SortSpec } from "../ports/documents.ts";
import { createMemoryCollection } from "./memoryCollection.ts";
import { compileFilter } from "./mingoOps.ts";
import { simpleMatcher } from "./queryPlanner.ts";

// Pseudo-random but repeatable, so a failure can be replayed.
function random(seed: number) {
  let x = seed;
  return (n: number) => {
    x = (x * 48271) % 2147483647;
    return x % n;
  };
}

const values = [0, 1, 2, 3, 5, 8, null, "x", "y", undefined];

function filters(pick: (n: number) => number): Filter[] {
  const v = () => values[pick(6)];
  return [
    {},
    { a: v() },
    { a: { $in: [v(), v()] } },
    { a: { $gt: pick(6) } },
    { a: { $gte: pick(4), $lt: 2 + pick(6) } },
    { a: v(), b: { $lte: pick(6) } },
    { b: { $lt: pick(6) }, c: pick(2) === 0 },
    { $and: [{ a: { $gte: 1 } }, { a: { $lte: 5 } }] },
    { a: "x" },
    { a: null },
    { $or: [{ a: 1 }, { b: 2 }] },
  ];
}

const sorts: SortSpec[] = [
  {},
  { a: 1, _id: 1 },
  { a: -1, _id: -1 },
  { b: -1, _id: -1 },
  { a: 1, b: -1, _id: -1 },
  // Within each value of `a`, the { a: 1, b: -1 } index's order or its reverse: a range of `a`
  // answered as its runs merged.
  { b: 1, _id: 1 },
];

describe("query planner", () => {
  it.each([11, 23, 4242])("answers exactly what a full scan answers (seed %i)", async (seed) => {
    const pick = random(seed);
    const plain = createMemoryCollection<Doc>("plain");
    const indexed = createMemoryCollection<Doc>("indexed");
    await indexed.createIndex({ a: 1 });
    await indexed.createIndex({ a: 1, b: -1 });
    await indexed.createIndex({ b: -1 });
    // The same indexes, filled by one storeMany into the empty collection (the bulk build).
    const bulk = createMemoryCollection<Doc>("bulk");
    await bulk.createIndex({ a: 1 });
    await bulk.createIndex({ a: 1, b: -1 });
    await bulk.createIndex({ b: -1 });
    const handed: Doc[] = [];
    for (let i = 0; i < 400; i++) {
      const doc: Doc = { _id: `d${String(i).padStart(3, "0")}`, b: pick(8), c: pick(2) === 0 };
      const a = values[pick(values.length)];
      if (a !== undefined) doc.a = a;
      await plain.replaceOne({ _id: doc._id }, doc, { upsert: true });
      await indexed.replaceOne({ _id: doc._id }, doc, { upsert: true });
      handed.push({ ...doc });
    }
    await bulk.storeMany(handed);
    for (let i = 0; i < 100; i++) {
      const id = `d${String(pick(400)).padStart(3, "0")}`;
      const update = { $set: { a: values[pick(6)], b: pick(8) } };
      await plain.updateOne({ _id: id }, update);
      await indexed.updateOne({ _id: id }, update);
      await bulk.updateOne({ _id: id }, update);
    }
    // A second batch, a large share of what the collection then holds (a long tail caught up in
    // bulk): replacements and new documents, every index sorted again over all of them.
    const tail: Doc[] = [];
    for (let i = 200; i < 500; i++) {
      const doc: Doc = { _id: `d${String(i).padStart(3, "0")}`, b: pick(8), c: pick(2) === 0 };
      const a = values[pick(values.length)];
      if (a !== undefined) doc.a = a;
      await plain.replaceOne({ _id: doc._id }, doc, { upsert: true });
      await indexed.replaceOne({ _id: doc._id }, doc, { upsert: true });
      tail.push({ ...doc });
    }
    await bulk.storeMany(tail);
    expect(await bulk.countDocuments()).toBe(500);
    let usedIndex = 0;
    for (let round = 0; round < 10; round++) {
      for (const filter of filters(pick)) {
        for (const sort of sorts) {
          const options = { sort, skip: pick(3), limit: pick(2) === 0 ? 0 : 1 + pick(20) };
          const expected = await plain.find(filter, options);
          const actual = await indexed.find(filter, options);
          if (indexed.lastScan().index) usedIndex += 1;
          const ids = (docs: Doc[]) => docs.map((d) => d._id);
          if (Object.keys(sort).length > 0)
            expect(ids(actual), JSON.stringify({ filter, options })).toEqual(ids(expected));
          else expect(ids(actual).length).toBe(ids(expected).length);
          expect(await indexed.countDocuments(filter)).toBe(await plain.countDocuments(filter));
          const loaded = await bulk.find(filter, options);
          if (Object.keys(sort).length > 0) expect(ids(loaded), "bulk-built").toEqual(ids(expected));
          else expect(ids(loaded).length).toBe(ids(expected).length);
        }
      }
    }
    expect(usedIndex).toBeGreaterThan(50);
  });

  it("stops using an index once an indexed field holds an array, and stays correct", async () => {
    const col = createMemoryCollection<Doc>("multikey");
    await col.createIndex({ tags: 1 });
    for (let i = 3; i < 20; i++)
      await col.replaceOne({ _id: `${i}` }, { _id: `${i}`, tags: "z" }, { upsert: true });
    await col.replaceOne({ _id: "1" }, { _id: "1", tags: "a" }, { upsert: true });
    await col.replaceOne({ _id: "2" }, { _id: "2", tags: ["a", "b"] }, { upsert: true });
    expect((await col.find({ tags: "a" }, { sort: { _id: 1 } })).map((d) => d._id)).toEqual(["1", "2"]);
    expect(col.lastScan().index).toBeNull();
    await col.deleteOne({ _id: "2" });
    await col.find({ tags: "a" });
    expect(col.lastScan().index).toBe("tags_1");
  });

  it("sorts without an index as a stable sort does: equal keys keep the order stored", async () => {
    const coll = createMemoryCollection<Doc>("ties");
    // Four values of `a` over 400 documents stored in an order of their own: each value's
    // documents must come out in that order, whether the whole list is sorted or a page chosen.
    const stored = Array.from({ length: 400 }, (_, i) => ({ _id: `d${(i * 7919) % 400}`, a: (i * 31) % 4 }));
    for (const doc of stored) await coll.replaceOne({ _id: doc._id }, doc, { upsert: true });
    const expected = (direction: 1 | -1) =>
      [0, 1, 2, 3]
        .sort((x, y) => (x - y) * direction)
        .flatMap((a) => stored.filter((d) => d.a === a).map((d) => d._id));
    for (const direction of [1, -1] as const) {
      const all = await coll.find({}, { sort: { a: direction } });
      expect(all.map((d) => d._id)).toEqual(expected(direction));
      // A page a small share of the list (the selection, not a sort), past a skip.
      const page = await coll.find({}, { sort: { a: direction }, skip: 20, limit: 50 });
      expect(page.map((d) => d._id)).toEqual(expected(direction).slice(20, 70));
    }
  });
});

describe("the filters tested without compiling a query", () => {
  const docs: Doc[] = [
    { _id: "a", position: "7", kind: "day", n: 1, ok: true },
    { _id: "b", position: "8", kind: ["day", "school"], n: 1.0 },
    { _id: "c", kind: "school", n: "1" },
    { _id: "d", nested: { kind: "day" } },
    { _id: "e", revision: 3, at: "00000000000000000007", fence: 0 },
    { _id: "f", revision: [1, 5], at: ["00000000000000000009"], fence: 2 },
    { _id: "g", revision: "2", at: 7, fence: null },
    { _id: "h", revision: Number.NaN, at: new Date(0), fence: true },
    { _id: "i", nested: [{ kind: "day" }], keys: { name: "asha rao" } },
    { _id: "j", nested: { kind: ["day", "week"] }, keys: { name: "ravi k" } },
    { _id: "k", nested: "day", keys: { name: ["asha", "zoya"], n: [1, 5] } },
    { _id: "l", keys: { name: null, n: Number.NaN } },
  ];
  const filters: Filter[] = [
    { _id: "a" },
    { _id: { $in: ["a", "b"] } },
    { _id: "a", position: "7" },
    { _id: "a", position: "8" },
    { kind: "day" },
    { kind: "day", n: 1 },
    { n: "1" },
    { ok: true },
    { ok: false },
    {},
    // A projector's guarded write and the checkpoint's conditional save.
    { _id: "e", revision: { $lt: 4 } },
    { revision: { $lt: 3 } },
    { revision: { $lte: 3 } },
    { revision: { $gt: 2 } },
    { revision: { $gte: 5 } },
    { revision: { $gt: "1" } },
    { _id: "e", at: { $not: { $gte: "00000000000000000008" } }, fence: { $not: { $gt: 0 } } },
    { at: { $not: { $gte: "00000000000000000007" } }, fence: { $not: { $gt: 1 } } },
    { at: { $lt: "00000000000000000009" } },
    { fence: { $not: { $lte: 0 } } },
    { revision: { $gte: 3 }, kind: "day" },
    // Several bounds (a prefix, a date range), each met by some element of an array.
    { revision: { $lt: 3, $gt: 1 } },
    { revision: { $gte: 1, $lte: 5 } },
    { at: { $gte: "00000000000000000007", $lt: "00000000000000000009" } },
    // Dotted paths: through an object, into an array (any element), across an array (compiled).
    { "nested.kind": "day" },
    { "nested.kind": { $gte: "d", $lt: "d\uffff" } },
    { "keys.name": { $gte: "asha", $lt: "asha\uffff" } },
    { "keys.name": { $not: { $gte: "b" } } },
    { "keys.n": { $gt: 1, $lt: 5 } },
    { "keys.n": 5, "keys.name": "zoya" },
    { "missing.path": { $lt: 3 } },
  ];

  it("answers what the compiled filter answers, arrays holding the value, ranges across types and dotted paths included", () => {
    for (const f of filters) {
      const fast = simpleMatcher(f);
      expect(fast, JSON.stringify(f)).not.toBeNull();
      for (const d of docs)
        expect(fast?.test(d), `${JSON.stringify(f)} on ${d._id}`).toBe(compileFilter(f).test(d));
    }
  });

  it("leaves other operators, nulls, $not of several bounds and other _id shapes to the compiled filter", () => {
    for (const f of [
      { position: { $exists: false } },
      { revision: { $lt: null } },
      { revision: { $lt: new Date(0) } },
      { revision: { $lt: Number.NaN } },
      { revision: { $not: { $gt: 1, $lt: 3 } } },
      { revision: { $gt: 1, $ne: 3 } },
      { revision: { $not: { $eq: 3 } } },
      { revision: { $ne: 3 } },
      { position: null },
      { "nested.kind": null },
      { "nested.kind": { $exists: true } },
      { _id: { $in: ["a", 1] } },
      { _id: { $ne: "a" } },
      { $or: [{ kind: "day" }] },
    ] as Filter[])
      expect(simpleMatcher(f), JSON.stringify(f)).toBeNull();
  });
});

describe("storeMany into an empty collection", () => {
  it("builds a unique index at once, or on a clash stores the documents before it and throws", async () => {
    const docs = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ _id: `u${String(i).padStart(3, "0")}`, email: `e${i}` }) as Doc);
    const ok = createMemoryCollection<Doc>("unique-ok");
    await ok.createIndex({ email: 1 }, { unique: true });
    await ok.storeMany(docs(100));
    expect(await ok.countDocuments()).toBe(100);
    expect(await ok.findOne({ email: "e42" })).toEqual({ _id: "u042", email: "e42" });
    expect(ok.lastScan().index).toBe("email_1");
    await expect(ok.replaceOne({ _id: "x" }, { _id: "x", email: "e7" }, { upsert: true })).rejects.toThrow(
      /duplicate key/,
    );

    const clash = createMemoryCollection<Doc>("unique-clash");
    await clash.createIndex({ email: 1 }, { unique: true });
    const list = docs(100);
    list[70] = { _id: "u070", email: "e3" };
    await expect(clash.storeMany(list)).rejects.toThrow(/duplicate key/);
    expect(await clash.countDocuments()).toBe(70);
    expect(await clash.findOne({ email: "e69" })).not.toBeNull();
    expect(await clash.findOne({ _id: "u071" })).toBeNull();
  });

  it("into a filled collection, a large batch re-sorts the indexes; a clash there keeps what was stored, indexed", async () => {
    const docs = (from: number, n: number) =>
      Array.from(
        { length: n },
        (_, i) => ({ _id: `u${String(from + i).padStart(3, "0")}`, email: `e${from + i}` }) as Doc,
      );
    const col = createMemoryCollection<Doc>("unique-filled");
    await col.createIndex({ email: 1 }, { unique: true });
    await col.storeMany(docs(0, 100));
    // A replacement that moves a key, and 99 new documents.
    await col.storeMany([{ _id: "u005", email: "moved" }, ...docs(100, 99)]);
    expect(await col.countDocuments()).toBe(199);
    expect(await col.findOne({ email: "moved" })).toEqual({ _id: "u005", email: "moved" });
    expect(col.lastScan().index).toBe("email_1");
    expect(await col.findOne({ email: "e5" })).toBeNull();
    expect(await col.findOne({ email: "e150" })).toEqual({ _id: "u150", email: "e150" });

    const clashing = docs(199, 100);
    clashing[50] = { _id: "u249", email: "e7" };
    await expect(col.storeMany(clashing)).rejects.toThrow(/duplicate key/);
    expect(await col.countDocuments()).toBe(249);
    expect(await col.findOne({ email: "e7" })).toEqual({ _id: "u007", email: "e7" });
    expect(await col.findOne({ email: "e248" })).toEqual({ _id: "u248", email: "e248" });
    expect(col.lastScan().index).toBe("email_1");
    const sorted = await col.find({ email: { $gte: "e1" } }, { sort: { email: 1 } });
    expect(sorted.map((d) => d.email)).toEqual([...sorted.map((d) => d.email as string)].sort());
  });
});

describe("a query by _id alone", () => {
  it("answers from the map: the document or nothing, one examined, skip and projection honoured", async () => {
    const col = createMemoryCollection<Doc>("by-id");
    for (const id of ["a", "b", "c"])
      await col.replaceOne({ _id: id }, { _id: id, n: id.charCodeAt(0) }, { upsert: true });
    expect(await col.findOne({ _id: "b" })).toEqual({ _id: "b", n: 98 });
    expect(col.lastScan()).toEqual({ examined: 1, index: "_id_" });
    expect(await col.findOne({ _id: "zz" })).toBeNull();
    expect(col.lastScan()).toEqual({ examined: 0, index: "_id_" });
    expect(await col.find({ _id: "c" }, { skip: 1 })).toEqual([]);
    expect(await col.findOne({ _id: "a" }, { projection: { n: 1 } })).toEqual({ _id: "a", n: 97 });
    // Anything besides the bare id still goes through the filter.
    expect(await col.findOne({ _id: "a", n: { $gt: 97 } })).toBeNull();
    expect(await col.find({ _id: { $in: ["a", "c"] } }, { sort: { _id: 1 } })).toHaveLength(2);
    const found = await col.findOne({ _id: "a" });
    found!.n = 0;
    expect(await col.findOne({ _id: "a" })).toEqual({ _id: "a", n: 97 });
  });
});
