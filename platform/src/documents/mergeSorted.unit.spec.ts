import { describe, expect, it } from "vitest";
import { mergeSorted } from "./mergeSorted.ts";

const byNumber = (a: number, b: number) => a - b;

describe("mergeSorted", () => {
  it("answers every item of sorted sources in order, reading only as far as it is taken", () => {
    const read: number[] = [];
    const source = function* (items: number[]) {
      for (const item of items) {
        read.push(item);
        yield item;
      }
    };
    const merged = mergeSorted(
      [source([1, 4, 9]), source([]), source([2, 3, 10, 11]), source([5])],
      byNumber,
    );
    const taken: number[] = [];
    for (const item of merged) {
      taken.push(item);
      if (taken.length === 4) break;
    }
    expect(taken).toEqual([1, 2, 3, 4]);
    // The four taken and the heads of the sources they did not come from: no source read further.
    expect(read.sort(byNumber)).toEqual([1, 2, 3, 4, 5, 10]);
  });

  it("matches a sort of random runs, equal items in their sources' order", () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const sources = Array.from({ length: 37 }, (_, s) =>
      Array.from({ length: Math.floor(random() * 40) }, () => ({ key: Math.floor(random() * 50), s })).sort(
        (a, b) => a.key - b.key,
      ),
    );
    const merged = [...mergeSorted(sources, (a, b) => a.key - b.key)];
    const sorted = sources.flat().sort((a, b) => a.key - b.key || a.s - b.s);
    expect(merged).toEqual(sorted);
  });
});
