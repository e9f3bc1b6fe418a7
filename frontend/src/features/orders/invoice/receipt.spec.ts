import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import { anOrder } from "../../../testing/fixtures.ts";
import { buildReceipt, RECEIPT_FONT } from "./receipt.ts";

const require = createRequire(import.meta.url);
const font = readFileSync(
  require.resolve("@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf"),
).toString("base64");
const shop = {
  name: "Vidya School Books",
  address: "14 MG Road, Bengaluru",
  email: "support@vidyabooks.example",
  phone: "+91 80 4123 4567",
};

/**
 * The text of the PDF: the embedded font writes glyph ids (`<0039…> Tj`), which the font's
 * ToUnicode map turns back into characters, as a PDF reader's text extraction does.
 */
const pdfText = (pdf: string): string[] => {
  const toUnicode = new Map<string, string>();
  for (const [, gid = "", code = ""] of pdf.matchAll(/<([0-9a-f]{4})><([0-9a-f]{4,})>/gi))
    toUnicode.set(gid.toLowerCase(), String.fromCodePoint(Number.parseInt(code, 16)));
  return [...pdf.matchAll(/<([0-9a-f]+)> Tj/gi)].map(([, hex = ""]) =>
    (hex.match(/.{4}/g) ?? []).map((gid) => toUnicode.get(gid.toLowerCase()) ?? "?").join(""),
  );
};

const order = anOrder({
  shortId: "2c1b0a99",
  placedAt: "2025-06-01T10:00:00.000Z",
  shippingAddress: "5 Park Street, Kolkata 700016",
  items: [
    {
      productId: "p1",
      kind: "book",
      title: "Mathematics Class 8",
      author: "R. D. Sharma",
      schoolName: "Delhi Public School Pune",
      class: 8,
      imageUrl: "/media/books/m8.png",
      pricePaise: 123_400,
      discountPaise: 12_340,
      quantity: 2,
    },
    {
      productId: "p2",
      kind: "stationery",
      title: "Camlin Geometry Box",
      author: "Camlin",
      imageUrl: "/media/stationeries/g.png",
      pricePaise: 25_000,
      discountPaise: 0,
      quantity: 1,
    },
  ],
  totals: { pricePaise: 271_800, discountPaise: 24_680, payablePaise: 247_120, shippingPaise: 0 },
});

describe("the invoice PDF", () => {
  const doc = buildReceipt(order, shop, font);
  const pdf = doc.output();
  const text = pdfText(pdf);

  it("is A4 landscape with the Noto Sans font embedded (the built-in fonts have no ₹)", () => {
    expect(pdf.startsWith("%PDF-")).toBe(true);
    expect(doc.internal.pageSize.getWidth()).toBeCloseTo(297, 0);
    expect(doc.internal.pageSize.getHeight()).toBeCloseTo(210, 0);
    expect(pdf).toContain(`/BaseFont /${RECEIPT_FONT}`);
    expect(pdf).toContain("/FontFile2");
    expect(pdf).toContain("/Encoding /Identity-H");
  });

  it("reads the ₹ total, the lines and the customer's details", () => {
    expect(text).toContain("Total Amount");
    expect(text).toContain("₹2,471.20");
    expect(text).toContain("Mathematics Class 8");
    // The book's school and class under its title; none for stationery.
    expect(text).toContain("Delhi Public School Pune · Class 8");
    expect(text.filter((t) => t.includes("·") && t.includes("Class"))).toHaveLength(1);
    expect(text).toContain("R. D. Sharma");
    expect(text).toContain("₹1,234.00");
    expect(text).toContain("₹123.40 (10%)");
    expect(text).toContain("₹2,221.20");
    expect(text).toContain("Camlin Geometry Box");
    expect(text).toContain("Order #2c1b0a99");
    expect(text).toContain("Order date: 01 June 2025");
    expect(text).toContain("Asha Rao");
    expect(text).toContain("asha@example.com");
    expect(text).toContain("5 Park Street, Kolkata 700016");
    expect(text).toContain(shop.name);
    expect(text.some((t) => t.includes("?"))).toBe(false);
  });
});
