import { describe, expect, it } from "vitest";
import { aProduct } from "../../testing/fixtures.ts";
import { distinctBooks } from "./distinct-books.ts";

const book = (id: string, title: string, schoolId: string) =>
  aProduct({ id, kind: "book", title, class: 8, schoolId, schoolName: `School ${schoolId}` });

describe("distinct books (Trending)", () => {
  it("shows each title and class once, spreading the picks over schools", () => {
    const s = ["a", "b", "c"];
    const items = [
      ...s.map((x) => book(`e-${x}`, "English Class 8", x)),
      ...s.map((x) => book(`m-${x}`, "Mathematics Class 8", x)),
      ...s.map((x) => book(`s-${x}`, "Science Class 8", x)),
    ];
    const picked = distinctBooks(items, 8);
    expect(picked.map((p) => p.title)).toEqual(["English Class 8", "Mathematics Class 8", "Science Class 8"]);
    expect(new Set(picked.map((p) => p.schoolId)).size).toBe(3);
  });

  it("keeps to the limit and tells classes apart", () => {
    const items = [
      book("1", "English", "a"),
      { ...book("2", "English", "b"), class: 9 },
      book("3", "Hindi", "a"),
    ];
    expect(distinctBooks(items, 2).map((p) => p.id)).toEqual(["1", "2"]);
  });
});
