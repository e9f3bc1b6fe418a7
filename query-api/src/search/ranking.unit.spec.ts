import type { Product } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { bestMatches, escapeRegex, productRank } from "./ranking.ts";

const product = (id: string, title: string, author = "Anon", subject?: string): Product => ({
  id,
  kind: "book",
  title,
  author,
  publisher: "P",
  publishedOn: "2025",
  edition: "1",
  language: "English",
  ...(subject && { subject }),
  pricePaise: 100,
  discountPaise: 0,
  description: "",
  imageUrl: "",
});

describe("search ranking", () => {
  it("ranks title matches (whole, prefix, word start, inside a word) above author or subject matches", () => {
    expect(productRank(product("a", "Science"), "science")).toBe(0);
    expect(productRank(product("a", "Science Class 8"), "SCIENCE")).toBe(1);
    expect(productRank(product("a", "Class 8 Science"), "science")).toBe(2);
    expect(productRank(product("a", "Neuroscience"), "science")).toBe(3);
    expect(productRank(product("a", "Maths", "Science Press"), "science")).toBe(5);
    expect(productRank(product("a", "Maths", "Anon", "Social Science"), "science")).toBe(6);
    expect(productRank(product("a", "Maths", "Sharma"), "science")).toBeNull();
  });

  it("answers at most the limit, best first, ties by title", () => {
    const found = bestMatches(
      [
        product("1", "Mathematics", "Sci Publishers"),
        product("2", "Applied Science"),
        product("3", "Science Reader"),
        product("4", "Science"),
        product("5", "Biology", "Anon", "Science"),
        product("6", "Lifescience"),
        product("7", "Science Atlas"),
      ],
      "science",
      5,
    );
    expect(found.map((p) => p.id)).toEqual(["4", "7", "3", "2", "6"]);
  });

  it("escapes every regular-expression character", () => {
    const hostile = "a.b*c+d?e^f$g{h}i(j)k|l[m]n\\o";
    expect(new RegExp(escapeRegex(hostile)).test(hostile)).toBe(true);
    expect(new RegExp(escapeRegex(".*")).test("anything")).toBe(false);
  });
});
