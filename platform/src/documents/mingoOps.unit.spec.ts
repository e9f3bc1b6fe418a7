import { describe, expect, it } from "vitest";
import { compileFilter, project, projectCopies } from "./mingoOps.ts";
import { copyDocument } from "./values.ts";

const stored = () => [
  {
    zeta: 1,
    _id: "a",
    title: "Atlas",
    nested: { c: [1, { d: 2 }] },
    list: [1, { x: 2 }],
    none: null,
    at: new Date("2026-11-26T10:00:00.000Z"),
  },
  { _id: "b", title: "Hindi", list: [] },
];

describe("projectCopies", () => {
  it("answers what mingo's projection of copies answers, key order included", () => {
    for (const projection of [
      { title: 1, list: 1, none: 1, missing: 1 },
      { zeta: 1, title: 1, _id: 0 },
      { _id: 1, nested: 1 },
      { _id: 1 },
      { at: 1 },
      { title: 0 },
      { "nested.c": 1 },
      { _id: 0, title: 0 },
    ] as Record<string, 0 | 1>[]) {
      const fast = projectCopies(stored(), projection);
      const mingo = project(stored().map(copyDocument), projection);
      expect(fast).toStrictEqual(mingo);
      expect(fast.map((d) => Object.keys(d as object))).toEqual(mingo.map((d) => Object.keys(d as object)));
    }
  });

  it("shares nothing with the stored documents", () => {
    const docs = stored();
    const copy = projectCopies(docs, { nested: 1, list: 1, at: 1 })[0] as {
      nested: { c: unknown[] };
      list: unknown[];
      at: Date;
    };
    (copy.nested.c[1] as { d: number }).d = 9;
    copy.list.push(3);
    copy.at.setUTCFullYear(2000);
    expect(docs).toStrictEqual(stored());
  });
});

describe("compileFilter", () => {
  it("compiles query operators on the lean context, and a filter needing any other operator on the full one", () => {
    const docs = [
      { _id: "a", a: 3, b: 1, tags: ["x"] },
      { _id: "b", a: 1, b: 2, tags: ["y"] },
      { _id: "c", a: 5, b: 5, tags: [] },
    ];
    const ids = (filter: Record<string, unknown>) =>
      docs.filter((d) => compileFilter(filter).test(d)).map((d) => d._id);
    expect(ids({ a: { $gte: 3 }, tags: { $size: 1 } })).toEqual(["a"]);
    expect(ids({ $or: [{ b: 2 }, { tags: { $in: ["x"] } }] })).toEqual(["a", "b"]);
    // `$expr` needs the expression operators, which only the full context has.
    expect(ids({ $expr: { $gt: ["$a", "$b"] } })).toEqual(["a"]);
    expect(ids({ $expr: { $eq: [{ $add: ["$a", 1] }, "$b"] } })).toEqual(["b"]);
  });
});
