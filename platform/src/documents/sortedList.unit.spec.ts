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

  it("files runs of inserts at either end, then back in the middle, where a sort puts them", () => {
    // Ascending runs land at the end and descending ones at the start (an index in write order,
    // or newest first), where the list tries first after such an insert: a run that turns back
    // into the middle, or past the other end, must still land where a sort puts it.
    const list = new SortedList<number>((a, b) => a - b);
    const mirror: number[] = [];
    const put = (v: number) => {
      list.insert(v);
      mirror.push(v);
    };
    for (let i = 0; i < 1500; i++) put(10_000 + i);
    for (let i = 0; i < 1500; i++) put(9_999 - i);
    put(10_700.5);
    put(11_499.5);
    put(8_500.5);
    put(20_000);
    put(-5);
    for (let i = 0; i < 1200; i++) put(30_000 + i);
    put(29_999.5);
    for (let i = 0; i < 1200; i++) put(-6 - i);
    put(-1_000.5);
    let x = 11;
    for (let i = 0; i < 500; i++) {
      x = (x * 48271) % 2147483647;
      put((x % 40_000) - 5_000 + 0.25);
    }
    mirror.sort((a, b) => a - b);
    expect(list.size).toBe(mirror.length);
    expect([...list.walk({ chunk: 0, offset: 0 }, 1)]).toEqual(mirror);
    for (const v of [20_000, -5, 29_999.5, -1_000.5, 10_700.5]) expect(list.remove(v)).toBe(true);
    expect([...list.walk({ chunk: 0, offset: 0 }, 1)]).toEqual(
      mirror.filter((v) => ![20_000, -5, 29_999.5, -1_000.5, 10_700.5].includes(v)),
    );
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

  it("counts the items between two partition points as their ranks' difference", () => {
    const list = new SortedList<number>((a, b) => a - b);
    // Inserted out of order and thinned out, so the chunks are of every length.
    for (let i = 0; i < 5000; i++) list.insert((i * 7919) % 5003);
    for (let i = 0; i < 5003; i += 3) list.remove(i);
    const bounds = [-1, 0, 1, 2, 50, 127, 128, 129, 300, 2500, 4998, 5002, 6000];
    for (const low of bounds)
      for (const high of bounds) {
        const from = list.partitionPoint((v) => v < low);
        const to = list.partitionPoint((v) => v < high);
        const inRange = [...list.walk({ chunk: 0, offset: 0 }, 1)].filter((v) => v >= low && v < high);
        expect(list.between(from, to)).toBe(inRange.length);
        expect(list.between(from, to)).toBe(Math.max(0, list.rank(to) - list.rank(from)));
      }
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
