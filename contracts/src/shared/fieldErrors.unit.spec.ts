import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { PlaceOrderBody } from "../orders/requests.ts";
import { ProductBody } from "../products/requests.ts";
import { API_ROUTES } from "../shop/apiTable.ts";
import { SignupBody } from "../users/requests.ts";
import { fieldLabel } from "./fieldErrors.ts";
import { body, validate } from "./forms.ts";
import { Texts } from "./texts.ts";

/** zod's own English ("Too big: expected string to have <=200 characters", "Invalid option: …"). */
const RAW = /expected|received|too big|too small|invalid input|invalid option|unrecognized key|<=|>=/i;

/** Values no field of any request takes, each breaking a different rule. */
const HOSTILE: unknown[] = [
  "x".repeat(5000),
  "",
  "   ",
  -1,
  1.5,
  10 ** 12,
  true,
  null,
  {},
  [],
  Array.from({ length: 300 }, () => ({})),
  "not-a-uuid-or-email",
  "2026-13-45",
];

const schemas = API_ROUTES.flatMap((r) =>
  [r.body, r.query].flatMap((s) => (s ? [{ name: `${r.method.toUpperCase()} ${r.path}`, schema: s }] : [])),
);

describe("field errors are sentences people read", () => {
  it("no request schema answers zod's raw wording for any bad value of any field", () => {
    expect(schemas.length).toBeGreaterThan(20);
    const seen: string[] = [];
    for (const { name, schema } of schemas) {
      const spec = body(schema as z.ZodObject, []);
      for (const key of Object.keys(schema.shape)) {
        for (const value of HOSTILE) {
          const result = validate(spec, { [key]: value, unknownField: 1 });
          if (result.ok) continue;
          for (const e of result.errors) {
            seen.push(e.message);
            expect(e.message, `${name} ${key}=${JSON.stringify(value).slice(0, 20)}`).not.toMatch(RAW);
            expect(e.message).toMatch(/^[A-Z“]/);
          }
        }
      }
    }
    expect(seen.length).toBeGreaterThan(500);
    expect(seen).toContain("Unknown field: unknownField");
  });

  it("names the field and its limit", () => {
    const errors = (spec: Parameters<typeof validate>[0], input: unknown) => {
      const r = validate(spec, input);
      return r.ok ? [] : r.errors;
    };
    const product = {
      kind: "notebook",
      title: "t".repeat(201),
      author: "A",
      publisher: "P",
      publishedOn: "2025",
      edition: "1",
      language: "English",
      pricePaise: 200_000_000,
      discountPaise: -5,
      description: "d",
      imageUrl: "/media/books/x.png",
    };
    expect(errors(ProductBody, product)).toEqual(
      expect.arrayContaining([
        { path: "title", message: "Title must be at most 200 characters" },
        { path: "pricePaise", message: "Price must be at most ₹10,00,000.00" },
        { path: "discountPaise", message: "Discount must be at least ₹0.00" },
      ]),
    );
    const signup = { name: "n".repeat(101), email: "asha", contact: "12ab", password: "short", address: "A" };
    expect(errors(SignupBody, signup)).toEqual([
      { path: "name", message: "Name must be at most 100 characters" },
      { path: "email", message: "Email must be a valid e-mail address" },
      { path: "contact", message: "Contact may hold only digits, spaces, + and -" },
      { path: "password", message: "Password must be at least 8 characters" },
    ]);
    const order = {
      orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      items: [{ productId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", quantity: 100 }],
      shippingAddress: "12 MG Road",
    };
    expect(errors(PlaceOrderBody, order)).toEqual([
      { path: "items.0.quantity", message: "Quantity of item 1 must be at most 99" },
    ]);
    expect(fieldLabel(["shippingAddress"])).toBe("Shipping address");
  });

  it("states a field's own limit once, never the whole-number type's (±9007199254740991)", () => {
    // A whole number past 2^53 also breaks zod's safe-integer bound: "Quantity must be at most
    // 9007199254740991" beside "at most 99" told a caller a limit the shop does not have.
    const order = (quantity: number) => ({
      orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f",
      items: [{ productId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", quantity }],
      shippingAddress: "12 MG Road",
    });
    const errors = (input: unknown) => {
      const r = validate(PlaceOrderBody, input);
      return r.ok ? [] : r.errors;
    };
    expect(errors(order(1e300))).toEqual([
      { path: "items.0.quantity", message: "Quantity of item 1 must be at most 99" },
    ]);
    expect(errors(order(-1e300))).toEqual([
      { path: "items.0.quantity", message: "Quantity of item 1 must be at least 1" },
    ]);
    const product = {
      kind: "notebook",
      title: "T",
      author: "A",
      publisher: "P",
      publishedOn: "2025",
      edition: "1",
      language: "English",
      pricePaise: 1e20,
      description: "d",
      imageUrl: "/media/books/x.png",
    };
    const price = validate(ProductBody, product);
    expect(price.ok ? [] : price.errors.filter((e) => e.path === "pricePaise")).toEqual([
      { path: "pricePaise", message: "Price must be at most ₹10,00,000.00" },
    ]);
  });

  it("keeps the spec's missing-field texts, and marks each missing field", () => {
    const missing = validate(ProductBody, { title: "Atlas" });
    expect(missing).toMatchObject({ ok: false, missing: true, detail: Texts.productMissing });
    expect(validate(SignupBody, {})).toMatchObject({ detail: "Please fill all the details!" });
    if (!missing.ok) expect(missing.errors).toContainEqual({ path: "author", message: "Author is required" });
  });
});
