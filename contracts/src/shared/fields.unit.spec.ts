import { describe, expect, it } from "vitest";
import { line, text } from "./fields.ts";

const one = line(100);
const many = text(2000);
const ok = (schema: typeof one, v: string) => schema.safeParse(v).success;

describe("plain text fields", () => {
  it("refuse what shows as nothing or as a line break: Cf, U+2028/2029, a lone surrogate", () => {
    for (const v of [
      "Asha\u2028Kumar",
      "Asha\u2029Kumar",
      "Road \ud800",
      "Road \udc00 7",
      "Shop\u200BAdmin",
      "Asha\u2060Kumar",
      "Asha\uFEFFKumar",
      "Asha\u00ADKumar",
      "Asha\u{E0041}",
      "\u202Egnp.exe",
      "Asha\u200FKumar",
    ]) {
      expect(ok(one, v), JSON.stringify(v)).toBe(false);
      expect(ok(many, v), JSON.stringify(v)).toBe(false);
    }
  });

  it("keep Indian scripts' joiners, emoji sequences, paired surrogates and, in text, line breaks", () => {
    for (const v of ["क्\u200Dष", "श्\u200Cरी", "👩\u200D👩\u200D👧", "Asha 😀", "12/B, M.G. Road — Pune"]) {
      expect(ok(one, v), JSON.stringify(v)).toBe(true);
      expect(ok(many, v), JSON.stringify(v)).toBe(true);
    }
    expect(ok(many, "Hello\nthere\r\n\tAsha")).toBe(true);
    expect(ok(one, "Hello\nthere")).toBe(false);
  });
});
