import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Collection, Doc, DocumentStore } from "../ports/documents.ts";
import { DuplicateKeyError } from "../ports/documents.ts";

export interface DocumentStoreFixture {
  store: DocumentStore;
  cleanup: () => Promise<void>;
}

interface Book extends Doc {
  title: string;
  school?: string;
  price: number;
  revision?: number;
  tags?: string[];
}

const books: Book[] = [
  { _id: "b1", title: "Maths 5", school: "dps", price: 250, tags: ["maths"] },
  { _id: "b2", title: "English 5", school: "dps", price: 180, tags: ["english"] },
  { _id: "b3", title: "Science 6", school: "kv", price: 300, tags: [] },
  { _id: "b4", title: "Hindi 6", school: "kv", price: 180 },
  { _id: "b5", title: "Atlas", price: 520 },
];

/** The contract of ports/documents.ts (MongoDB's semantics), run against any adapter. */
export function documentStoreConformance(name: string, makeStore: () => Promise<DocumentStoreFixture>): void {
  describe(`document store conformance: ${name}`, () => {
    let fixture: DocumentStoreFixture;
    let col: Collection<Book>;

    beforeEach(async () => {
      fixture = await makeStore();
      // A fresh collection name per test keeps a shared server's tests independent.
      col = fixture.store.collection<Book>(`books_${randomUUID().replaceAll("-", "")}`);
      for (const b of books) await col.replaceOne({ _id: b._id }, b, { upsert: true });
    });
    afterEach(async () => {
      await col.deleteMany({});
      await fixture.cleanup();
    });

    const ids = (docs: Doc[]) => docs.map((d) => d._id);

    it("finds by equality, range, $in, $or and nested conditions", async () => {
      expect(ids(await col.find({ school: "dps" }, { sort: { _id: 1 } }))).toEqual(["b1", "b2"]);
      expect(ids(await col.find({ price: { $gte: 250 } }, { sort: { _id: 1 } }))).toEqual(["b1", "b3", "b5"]);
      expect(ids(await col.find({ _id: { $in: ["b4", "b9", "b2"] } }, { sort: { _id: 1 } }))).toEqual([
        "b2",
        "b4",
      ]);
      expect(ids(await col.find({ $or: [{ school: "kv" }, { price: 520 }] }, { sort: { _id: 1 } }))).toEqual([
        "b3",
        "b4",
        "b5",
      ]);
      expect(ids(await col.find({ school: null }))).toEqual(["b5"]);
      expect(ids(await col.find({ tags: "maths" }))).toEqual(["b1"]);
      expect(ids(await col.find({ title: { $regex: "^S" } }))).toEqual(["b3"]);
      expect((await col.findOne({ _id: "b3" }))?.title).toBe("Science 6");
      expect(await col.findOne({ _id: "nope" })).toBeNull();
    });

    it("sorts, skips, limits and projects", async () => {
      const page = await col.find({}, { sort: { price: -1, _id: 1 }, skip: 1, limit: 3 });
      expect(ids(page)).toEqual(["b3", "b1", "b2"]);
      const projected = await col.find({ school: "kv" }, { sort: { _id: 1 }, projection: { title: 1 } });
      expect(projected).toEqual([
        { _id: "b3", title: "Science 6" },
        { _id: "b4", title: "Hindi 6" },
      ]);
      const excluded = await col.findOne({ _id: "b5" }, { projection: { price: 0, _id: 0 } });
      expect(excluded).toEqual({ title: "Atlas" });
      expect(ids(await col.find({}, { sort: { school: 1, _id: 1 } }))).toEqual([
        "b5",
        "b1",
        "b2",
        "b3",
        "b4",
      ]);
    });

    it("counts documents", async () => {
      expect(await col.countDocuments()).toBe(5);
      expect(await col.countDocuments({ price: 180 })).toBe(2);
    });

    it("applies $set, $unset, $inc, $push and $pull", async () => {
      const result = await col.updateOne(
        { _id: "b1" },
        {
          $set: { title: "Maths V" },
          $unset: { school: "" },
          $inc: { price: 10, sold: 1 },
          $push: { tags: "new" },
        },
      );
      expect(result).toEqual({ matchedCount: 1, modifiedCount: 1, upsertedCount: 0 });
      await col.updateOne({ _id: "b1" }, { $pull: { tags: "maths" } });
      expect(await col.findOne({ _id: "b1" })).toEqual({
        _id: "b1",
        title: "Maths V",
        price: 260,
        sold: 1,
        tags: ["new"],
      });
      await col.updateOne({ _id: "b4" }, { $push: { tags: { $each: ["a", "b"] } } });
      await col.updateOne({ _id: "b4" }, { $pull: { tags: { $in: ["a"] } } });
      expect((await col.findOne({ _id: "b4" }))?.tags).toEqual(["b"]);
    });

    it("reports no modification when an update changes nothing, and no match when nothing matches", async () => {
      expect(await col.updateOne({ _id: "b2" }, { $set: { price: 180 } })).toEqual({
        matchedCount: 1,
        modifiedCount: 0,
        upsertedCount: 0,
      });
      expect(await col.updateOne({ _id: "zz" }, { $set: { price: 1 } })).toEqual({
        matchedCount: 0,
        modifiedCount: 0,
        upsertedCount: 0,
      });
      expect(await col.countDocuments()).toBe(5);
    });

    it("upserts with the filter's equality fields, then applies the update", async () => {
      const result = await col.updateOne(
        { _id: "b9", school: "dps", price: { $gt: 5 } },
        { $set: { title: "New" }, $inc: { revision: 1 }, $setOnInsert: { tags: ["fresh"] } },
        { upsert: true },
      );
      expect(result).toEqual({ matchedCount: 0, modifiedCount: 0, upsertedCount: 1 });
      expect(await col.findOne({ _id: "b9" })).toEqual({
        _id: "b9",
        school: "dps",
        title: "New",
        revision: 1,
        tags: ["fresh"],
      });
      await col.updateOne(
        { _id: "b9" },
        { $set: { title: "Again" }, $setOnInsert: { tags: [] } },
        { upsert: true },
      );
      expect((await col.findOne({ _id: "b9" }))?.tags).toEqual(["fresh"]);
    });

    it("throws DuplicateKeyError when a revision-guarded upsert finds a newer document", async () => {
      await col.updateOne({ _id: "r1" }, { $set: { title: "R", price: 1, revision: 7 } }, { upsert: true });
      const guarded = col.updateOne(
        { _id: "r1", revision: { $lt: 5 } },
        { $set: { title: "old", revision: 4 } },
        { upsert: true },
      );
      await expect(guarded).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(
        col.updateOne(
          { _id: "r1", revision: { $not: { $gte: 5 } } },
          { $set: { revision: 5 } },
          { upsert: true },
        ),
      ).rejects.toMatchObject({ code: 11000 });
      expect(await col.findOne({ _id: "r1" })).toMatchObject({ title: "R", revision: 7 });
      const applied = await col.updateOne(
        { _id: "r1", revision: { $lt: 8 } },
        { $set: { revision: 8 } },
        { upsert: true },
      );
      expect(applied.modifiedCount).toBe(1);
    });

    it("enforces unique indexes", async () => {
      await col.createIndex({ title: 1 }, { unique: true });
      await expect(
        col.replaceOne({ _id: "x" }, { _id: "x", title: "Atlas", price: 1 }, { upsert: true }),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      await expect(col.updateOne({ _id: "b1" }, { $set: { title: "Atlas" } })).rejects.toBeInstanceOf(
        DuplicateKeyError,
      );
      expect((await col.findOne({ _id: "b1" }))?.title).toBe("Maths 5");
      await col.updateOne({ _id: "b5" }, { $set: { title: "World Atlas" } });
      await col.updateOne({ _id: "b1" }, { $set: { title: "Atlas" } });
      expect(await col.countDocuments({ title: "Atlas" })).toBe(1);
    });

    it("answers the same results through an index as without", async () => {
      const before = ids(await col.find({ price: { $gt: 100, $lte: 300 } }, { sort: { price: 1, _id: 1 } }));
      const name = await col.createIndex({ price: 1 });
      expect(typeof name).toBe("string");
      expect(await col.createIndex({ price: 1 })).toBe(name);
      expect(ids(await col.find({ price: { $gt: 100, $lte: 300 } }, { sort: { price: 1, _id: 1 } }))).toEqual(
        before,
      );
      expect(ids(await col.find({}, { sort: { price: -1, _id: -1 }, limit: 2 }))).toEqual(["b5", "b3"]);
      expect(ids(await col.find({ price: { $in: [180, 520] } }, { sort: { _id: 1 } }))).toEqual([
        "b2",
        "b4",
        "b5",
      ]);
      await col.updateOne({ _id: "b5" }, { $set: { price: 1 } });
      expect(ids(await col.find({}, { sort: { price: 1, _id: 1 }, limit: 1 }))).toEqual(["b5"]);
      await col.deleteOne({ _id: "b5" });
      expect(ids(await col.find({ price: { $lt: 200 } }, { sort: { price: 1, _id: 1 } }))).toEqual([
        "b2",
        "b4",
      ]);
    });

    it("replaces whole documents, keeping _id", async () => {
      const result = await col.replaceOne(
        { school: "kv", price: 300 },
        { _id: "b3", title: "Science VI", price: 310 },
      );
      expect(result.modifiedCount).toBe(1);
      expect(await col.findOne({ _id: "b3" })).toEqual({ _id: "b3", title: "Science VI", price: 310 });
      expect(
        (await col.replaceOne({ _id: "none" }, { _id: "none", title: "x", price: 0 })).matchedCount,
      ).toBe(0);
    });

    it("deletes one or many", async () => {
      expect(await col.deleteOne({ price: 180 })).toEqual({ deletedCount: 1 });
      expect(await col.deleteMany({ school: { $in: ["dps", "kv"] } })).toEqual({ deletedCount: 3 });
      expect(await col.deleteMany({})).toEqual({ deletedCount: 1 });
      expect(await col.countDocuments()).toBe(0);
    });

    it("hands out copies: mutating a result or an update's value changes nothing stored", async () => {
      const found = await col.findOne({ _id: "b1" });
      found!.tags!.push("mutated");
      found!.title = "mutated";
      const [listed] = await col.find({ _id: "b1" });
      listed!.tags!.length = 0;
      const value = { nested: ["v"] };
      await col.updateOne({ _id: "b1" }, { $set: { extra: value } });
      value.nested.push("mutated");
      expect(await col.findOne({ _id: "b1" })).toEqual({ ...books[0], extra: { nested: ["v"] } });
    });

    it("answers shared reads like copies: the same documents, sorted, limited and projected", async () => {
      const options = [
        { sort: { price: -1, _id: 1 }, skip: 1, limit: 3 },
        { sort: { _id: 1 }, projection: { title: 1, tags: 1 } },
        { sort: { _id: 1 }, projection: { price: 0 } },
      ] as const;
      for (const opts of options) {
        expect(await col.find({}, { ...opts, shared: true })).toEqual(await col.find({}, opts));
      }
      expect(await col.findOne({ _id: "b2" }, { shared: true })).toEqual(await col.findOne({ _id: "b2" }));
      const projection = { title: 1 } as const;
      expect(await col.findOne({ _id: "b2" }, { shared: true, projection })).toEqual(
        await col.findOne({ _id: "b2" }, { projection }),
      );
    });

    it("stores many whole documents, replacing by _id or inserting, and honours indexes and unique keys", async () => {
      await col.createIndex({ price: 1 });
      await col.storeMany([
        { _id: "b1", title: "Maths 5 (new)", school: "dps", price: 260 },
        { _id: "b9", title: "Hindi 9", school: "kv", price: 90, tags: ["hindi"] },
      ]);
      expect(await col.findOne({ _id: "b1" })).toEqual({
        _id: "b1",
        title: "Maths 5 (new)",
        school: "dps",
        price: 260,
      });
      expect(ids(await col.find({ school: "kv" }, { sort: { price: 1, _id: 1 } }))).toContain("b9");
      expect(ids(await col.find({ price: { $lt: 100 } }, { sort: { price: 1, _id: 1 } }))).toEqual(["b9"]);
      expect(ids(await col.find({ price: { $gte: 250, $lt: 300 } }, { sort: { price: 1 } }))).toEqual(["b1"]);
      expect(await col.countDocuments()).toBe(books.length + 1);
      await col.createIndex({ title: 1 }, { unique: true });
      await expect(
        col.storeMany([
          { _id: "b10", title: "Only once", school: "kv", price: 1 },
          { _id: "b11", title: "Hindi 9", school: "kv", price: 1 },
        ]),
      ).rejects.toBeInstanceOf(DuplicateKeyError);
      expect(await col.findOne({ _id: "b10" })).not.toBeNull();
      expect(await col.findOne({ _id: "b11" })).toBeNull();
    });

    it("drops undefined fields like MongoDB with ignoreUndefined", async () => {
      await col.updateOne({ _id: "b2" }, { $set: { title: undefined, note: undefined, price: 1 } });
      const doc = await col.findOne({ _id: "b2" });
      expect(doc).toEqual({ _id: "b2", title: "English 5", school: "dps", price: 1, tags: ["english"] });
      expect(Object.keys(doc!)).not.toContain("note");
    });
  });
}
