import { describe, expect, it } from "vitest";
import { SortedList } from "./sortedList.ts";

describe("SortedList", () => {
  it("stays sorted through many inserts and removes across chunk splits", () => {
    const list = new SortedList<number>((a, b) => a - b);
    const mirror: number[] = [];
    let x = 7;
    for (let i = 0; i < 5000; i++) {
      x = (x * 48271) % 2147483647;
      const value = x % 3000;
      if (i % 3 === 2 && mirror.length > 0) {
        const victim = mirror[x % mirror.length]!;
        expect(list.remove(victim)).toBe(true);
        mirror.splice(mirror.indexOf(victim), 1);
      } else {
        list.insert(value);
        mirror.push(value);
      }
    }
    mirror.sort((a, b) => a - b);
    expect(list.size).toBe(mirror.length);
    expect([...list.walk({ chunk: 0, offset: 0 }, 1)]).toEqual(mirror);
    expect(list.remove(-1)).toBe(false);
  });

  it("finds partition points, ranks them and walks both ways", () => {
    const list = new SortedList<number>((a, b) => a - b);
    for (let i = 0; i < 3000; i++) list.insert(i);
    const at = list.partitionPoint((v) => v < 1500);
    expect(list.at(at)).toBe(1500);
    expect(list.rank(at)).toBe(1500);
    expect([...list.walk(at, 1)].slice(0, 3)).toEqual([1500, 1501, 1502]);
    expect([...list.walk(at, -1)].slice(0, 3)).toEqual([1499, 1498, 1497]);
    const end = list.partitionPoint(() => true);
    expect(list.rank(end)).toBe(3000);
    expect([...list.walk(end, -1)][0]).toBe(2999);
  });
});

describe("SortedList.load", () => {
  it("holds the items in order, in chunks that inserts and removes keep working on", () => {
    const list = new SortedList<number>((a, b) => a - b);
    const items = Array.from({ length: 3000 }, (_, i) => (i * 7919) % 3001);
    list.load(items);
    expect(list.size).toBe(3000);
    expect([...list.walk({ chunk: 0, offset: 0 }, 1)]).toEqual([...items].sort((a, b) => a - b));
    list.insert(-1);
    expect(list.remove(items[5]!)).toBe(true);
    const all = [...list.walk({ chunk: 0, offset: 0 }, 1)];
    expect(all[0]).toBe(-1);
    expect(all).toHaveLength(3000);
    expect(all).toEqual([...all].sort((a, b) => a - b));
  });
});
