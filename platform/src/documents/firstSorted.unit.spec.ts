import { describe, expect, it } from "vitest";
import { firstSorted } from "./firstSorted.ts";

describe("firstSorted", () => {
  it("answers the first k of a stable sort, equal items in their order, for every k", () => {
    let seed = 11;
    const random = (n: number) => {
      seed = (seed * 48271) % 2147483647;
      return seed % n;
    };
    for (let round = 0; round < 30; round++) {
      const items = Array.from({ length: random(200) }, (_, at) => ({ key: random(25), at }));
      const byKey = (a: { key: number }, b: { key: number }) => a.key - b.key;
      const sorted = [...items].sort(byKey);
      for (const k of [0, 1, 2, 7, 50, items.length - 1, items.length, items.length + 3])
        expect(firstSorted(items, k, byKey), `k ${k} of ${items.length}`).toEqual(
          sorted.slice(0, Math.max(0, k)),
        );
    }
  });
});
