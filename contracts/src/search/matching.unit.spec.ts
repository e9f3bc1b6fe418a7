import { describe, expect, it } from "vitest";
import {
  parseQuery,
  rankSearch,
  searchScore,
  searchTokensOf,
  tokenize,
  withinOneEdit,
  wordScore,
} from "./matching.ts";

const book = (id: string, title: string, more: (string | number | undefined)[] = []) => ({
  id,
  title,
  tokens: searchTokensOf([title, ...more]),
});
const catalogue = [
  book("m8", "Mathematics Class 8", ["Mathematics", "R. D. Sharma", "Delhi Public School", 8]),
  book("m7", "Mathematics Class 7", ["Mathematics", "R. D. Sharma", "Delhi Public School", 7]),
  book("e8", "English Class 8", ["English", "Wren & Martin", "St. Xavier's High School", 8]),
  book("e6", "English Class 6", ["English", "Wren & Martin", "St. Xavier's High School", 6]),
  book("s8", "Science Class 8", ["Science", "NCERT", "Delhi Public School", 8]),
  book("v3", "EVS Class 3", ["Environmental Studies", "NCERT", "Delhi Public School", 3]),
  book("h9", "Hindi Vyākaraṇ Class 9", ["Hindi", "Saraswati", "Kendriya Vidyalaya", 9]),
  book("n1", "Classmate Notebook 172 Pages", ["Classmate"]),
  book("en", "Engineering Drawing Set", ["Camlin"]),
];
const ids = (q: string, limit = 10) => rankSearch(catalogue, q, limit).map((d) => d.id);

describe("search matching", () => {
  it("tokenises case- and accent-insensitively; ordinals and glued class numbers split", () => {
    expect(tokenize("Hindi VYĀKARAṆ, Class-8th")).toEqual(["hindi", "vyakaran", "class", "8"]);
    expect(tokenize("class8 Éco")).toEqual(["class", "8", "eco"]);
  });

  it("expands school shorthand on both sides", () => {
    expect(searchTokensOf(["EVS Class 3"])).toEqual(
      expect.arrayContaining(["evs", "environmental", "studies", "class", "3"]),
    );
    expect(parseQuery("maths")).toEqual([[["maths"], ["mathematics"]]]);
    expect(ids("maths")).toEqual(["m7", "m8"]);
    expect(ids("evs")).toEqual(["v3"]);
    expect(ids("environmental")).toEqual(["v3"]);
    expect(ids("sci 8")).toEqual(["s8"]);
    expect(ids("eng 8")).toEqual(["e8"]);
  });

  it("matches word prefixes, not the inside of words", () => {
    expect(ids("mathem")).toEqual(["m7", "m8"]);
    expect(ids("ematics")).toEqual([]);
    expect(ids("vyakaran")).toEqual(["h9"]);
  });

  it("reads class numbers exactly: 'english 8', 'class 8', '8th'", () => {
    expect(ids("english 8")).toEqual(["e8"]);
    expect(ids("English Class 8")).toEqual(["e8"]);
    expect(ids("class 8").sort()).toEqual(["e8", "m8", "s8"]);
    expect(ids("maths 8th")).toEqual(["m8"]);
    expect(ids("english 1")).toEqual([]);
    expect(ids("std 7")).toEqual(["m7"]);
  });

  it("tolerates one typo in a word of four letters or more, and no more than one", () => {
    expect(withinOneEdit("englsh", "english")).toBe(true);
    expect(withinOneEdit("sceince", "science")).toBe(true);
    expect(withinOneEdit("mathematcis", "mathematics")).toBe(true);
    expect(withinOneEdit("enlgsh", "english")).toBe(false);
    expect(ids("englsh 8")).toEqual(["e8"]);
    expect(ids("sceince")).toEqual(["s8"]);
    expect(ids("mathmatics 7")).toEqual(["m7"]);
    expect(ids("enlgsh")).toEqual([]);
    // Short words need exactness: "hidni" is a typo of 5 letters (found), "evz" is not.
    expect(ids("hidni")).toEqual(["h9"]);
    expect(ids("evz")).toEqual([]);
    expect(wordScore("8", "9")).toBe(0);
  });

  it("ranks an exact word above a prefix above a typo, and a title match above one elsewhere", () => {
    expect(wordScore("english", "english")).toBeGreaterThan(wordScore("engl", "english"));
    expect(wordScore("engl", "english")).toBeGreaterThan(wordScore("englsh", "english"));
    // "class" is the books' word and only a prefix of the notebook's brand.
    expect(ids("class", 3)).not.toContain("n1");
    expect(ids("classmate")).toEqual(["n1"]);
    const inTitle = searchScore(parseQuery("delhi"), { tokens: ["delhi"], titleTokens: ["delhi"] });
    const elsewhere = searchScore(parseQuery("delhi"), { tokens: ["delhi"], titleTokens: [] });
    expect(inTitle).toBeGreaterThan(elsewhere ?? 0);
  });

  it("finds by school and author words too; every word must match", () => {
    expect(ids("delhi english")).toEqual([]);
    expect(ids("xavier english").sort()).toEqual(["e6", "e8"]);
    expect(ids("sharma 8")).toEqual(["m8"]);
    expect(ids("")).toEqual([]);
    expect(ids("  ,, ")).toEqual([]);
  });
});
