import { describe, expect, it } from "vitest";
import type { Doc } from "../ports/documents.ts";
import { CollectionIndex } from "./collectionIndex.ts";

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
