import { describe, expect, it } from "vitest";
import { copyDocument, isStorableAsIs } from "./values.ts";

describe("copyDocument", () => {
  it("copies deeply, so changing the copy leaves the original as it was", () => {
    const original = { a: { b: [1, { c: "x" }] }, at: new Date("2026-11-22T10:00:00.000Z") };
    const copy = copyDocument(original);
    expect(copy).toEqual(original);
    (copy.a.b[1] as { c: string }).c = "changed";
    copy.at.setUTCFullYear(2000);
    expect(original).toEqual({ a: { b: [1, { c: "x" }] }, at: new Date("2026-11-22T10:00:00.000Z") });
  });

  it("drops undefined fields and turns undefined array items into null, as MongoDB stores them", () => {
    expect(copyDocument({ a: undefined, b: [undefined, 2], c: { d: undefined, e: null } })).toEqual({
      b: [null, 2],
      c: { e: null },
    });
    expect(Object.keys(copyDocument({ a: undefined, b: 1 }))).toEqual(["b"]);
  });

  it("copies other objects through structuredClone", () => {
    const bytes = new Uint8Array([1, 2, 3]);
    const copy = copyDocument({ bytes });
    expect(copy.bytes).toBeInstanceOf(Uint8Array);
    expect(copy.bytes).not.toBe(bytes);
    expect([...copy.bytes]).toEqual([1, 2, 3]);
  });
});

describe("isStorableAsIs", () => {
  it("is true exactly when a copy would be equal in shape: plain objects, arrays, Dates, no undefined", () => {
    expect(isStorableAsIs({ a: { b: [1, { c: "x" }, null] }, at: new Date(0), n: null })).toBe(true);
    expect(isStorableAsIs({ a: undefined })).toBe(false);
    expect(isStorableAsIs({ a: { b: [1, undefined] } })).toBe(false);
    // biome-ignore lint/suspicious/noSparseArray: a hole is what this checks
    expect(isStorableAsIs({ a: [1, , 2] })).toBe(false);
    expect(isStorableAsIs({ bytes: new Uint8Array([1]) })).toBe(false);
    expect(isStorableAsIs({ m: new Map() })).toBe(false);
    expect(isStorableAsIs(Object.assign(Object.create(null), { a: 1 }))).toBe(true);
  });
});
