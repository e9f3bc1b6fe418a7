import { describe, expect, it } from "vitest";
import type { Doc } from "../ports/documents.ts";
import { type BaseOrders, CollectionIndex } from "./collectionIndex.ts";

/** Documents with repeated, mixed-type and missing first fields, and ties on the rest. */
const documents = (firstValues: readonly unknown[]): Doc[] => {
  const docs: Doc[] = [];
  let x = 11;
  for (let i = 0; i < 3000; i++) {
    x = (x * 48271) % 2147483647;
    const doc: Doc = {
      _id: `d${(x % 100000).toString().padStart(5, "0")}-${i}`,
      placedAt: `2026-0${1 + (x % 9)}`,
    };
    const first = firstValues[x % firstValues.length];
    if (first !== "(missing)") doc.group = first;
    docs.push(doc);
  }
  return docs;
};

const order = (index: CollectionIndex) => [...index.entries.walk({ chunk: 0, offset: 0 }, 1)];

describe("an index built over another one's order", () => {
  it.each([
    ["strings", ["b", "a", "c", "aa"]],
    ["numbers, booleans, null and missing fields", [3, -1, 0, 2.5, true, false, null, "(missing)", "x"]],
    ["Dates (sorted instead)", [new Date(5), new Date(1), "s", 4]],
  ] as const)("files its documents in the order a full sort gives (%s)", (_what, firstValues) => {
    const docs = documents(firstValues);
    const byId = new Map(docs.map((d) => [d._id, d]));
    const lookup = (id: string) => byId.get(id);
    for (const direction of [1, -1] as const) {
      const base = new CollectionIndex("base", { placedAt: -1, _id: -1 }, false, lookup);
      expect(base.build(docs)).toBeNull();
      const regrouped = new CollectionIndex("g", { group: direction, placedAt: -1, _id: -1 }, false, lookup);
      const sorted = new CollectionIndex("s", { group: direction, placedAt: -1, _id: -1 }, false, lookup);
      expect(regrouped.build(docs, [base], byId)).toBeNull();
      expect(sorted.build(docs)).toBeNull();
      expect(order(regrouped)).toEqual(order(sorted));
      expect(regrouped.usable).toBe(sorted.usable);
      // And what filing them one by one gives.
      const inserted = new CollectionIndex("i", { group: direction, placedAt: -1, _id: -1 }, false, lookup);
      for (const doc of docs) inserted.add(doc);
      expect(order(regrouped)).toEqual(order(inserted));
    }
  });
});

describe("indexes built over one base in one bulk build", () => {
  it("read the base's documents once and file each as a full sort does", () => {
    const docs = documents(["b", "a", null, "(missing)", 3]);
    for (const [i, doc] of docs.entries()) doc.other = ["x", "y", "z", false][i % 4];
    const byId = new Map(docs.map((d) => [d._id, d]));
    const lookup = (id: string) => byId.get(id);
    const base = new CollectionIndex("base", { placedAt: -1, _id: -1 }, false, lookup);
    expect(base.build(docs)).toBeNull();
    const inOrder: BaseOrders = new Map();
    for (const [field, direction] of [
      ["group", 1],
      ["other", -1],
      ["group", -1],
    ] as const) {
      const keys = { [field]: direction, placedAt: -1, _id: -1 } as const;
      const regrouped = new CollectionIndex("g", keys, false, lookup);
      const sorted = new CollectionIndex("s", keys, false, lookup);
      expect(regrouped.build(docs, [base], byId, inOrder)).toBeNull();
      expect(sorted.build(docs)).toBeNull();
      expect(order(regrouped)).toEqual(order(sorted));
    }
    // One list of the base's documents, in its order, served all three.
    expect([...inOrder.keys()]).toEqual([base]);
    expect(inOrder.get(base)!.map((d) => d._id)).toEqual(order(base));
  });
});

describe("an index built over documents that share keys", () => {
  /** 3,000 documents, few distinct keys: a kind, a group that may be missing, mixed types. */
  const shared = (): Doc[] => {
    const docs: Doc[] = [];
    const kinds = ["order", "day", "school", 7, true, null, "(missing)"];
    const groups = ["a", "b", 2, 0, -0, false, null, "(missing)"];
    let x = 7;
    for (let i = 0; i < 3000; i++) {
      x = (x * 48271) % 2147483647;
      const doc: Doc = { _id: `k${(x % 100000).toString().padStart(5, "0")}-${i}` };
      const kind = kinds[x % kinds.length];
      const group = groups[(x >> 3) % groups.length];
      if (kind !== "(missing)") doc.kind = kind;
      if (group !== "(missing)") doc.group = group;
      docs.push(doc);
    }
    return docs;
  };

  it.each([
    ["one field", { kind: 1 }],
    ["one field, descending", { kind: -1 }],
    ["two fields", { kind: 1, group: 1 }],
    ["two fields, mixed directions", { kind: -1, group: 1 }],
    ["two fields, descending", { kind: 1, group: -1 }],
  ] as const)("files them in the order one insert each gives (%s)", (_what, keys) => {
    const docs = shared();
    const byId = new Map(docs.map((d) => [d._id, d]));
    const lookup = (id: string) => byId.get(id);
    const built = new CollectionIndex("b", keys, false, lookup);
    expect(built.build(docs)).toBeNull();
    const inserted = new CollectionIndex("i", keys, false, lookup);
    for (const doc of docs) inserted.add(doc);
    expect(order(built)).toEqual(order(inserted));
    expect(order(built)).toHaveLength(docs.length);
  });

  it("sorts instead when a middle field is not a plain value (three fields, equal Dates)", () => {
    const docs = shared();
    // Six Date objects, two of each time: equal keys to compareValues, not to a Map.
    const dates = [0, 1, 2, 0, 1, 2].map((t) => new Date(t));
    for (const [i, doc] of docs.entries()) doc.when = dates[i % dates.length];
    const byId = new Map(docs.map((d) => [d._id, d]));
    const lookup = (id: string) => byId.get(id);
    const keys = { kind: 1, when: 1, group: 1 } as const;
    const built = new CollectionIndex("b", keys, false, lookup);
    expect(built.build(docs)).toBeNull();
    const inserted = new CollectionIndex("i", keys, false, lookup);
    for (const doc of docs) inserted.add(doc);
    expect(order(built)).toEqual(order(inserted));
  });

  it("reports the clash of a unique index as a full sort does, and files nothing", () => {
    const docs: Doc[] = [];
    for (let i = 0; i < 400; i++) docs.push({ _id: `u${(i * 7919) % 400}`, slot: i % 10 });
    const byId = new Map(docs.map((d) => [d._id, d]));
    for (const direction of [1, -1] as const) {
      const index = new CollectionIndex("u", { slot: direction }, true, (id) => byId.get(id));
      // The first slot in the index's order is held by 40 documents: the second of them is named.
      const holders = docs.filter((d) => d.slot === (direction === 1 ? 0 : 9)).map((d) => d._id);
      holders.sort();
      if (direction === -1) holders.reverse();
      expect(index.build(docs)).toBe(holders[1]);
      expect(order(index)).toEqual([]);
    }
  });
});
