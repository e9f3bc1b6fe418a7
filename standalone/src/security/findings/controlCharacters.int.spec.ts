import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct, schoolBody, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const HOSTILE = [
  "Asha\u0000Admin",
  "Asha\r\nBcc: all@example.com",
  "Asha\nKumar",
  "\u202Egnp.exe",
  "Asha \u2066Admin\u2069",
  "Asha\u200FKumar",
  "Asha\u0007",
];

interface Problem {
  detail?: string;
  errors?: { path: string; message: string }[];
}

type Attempt = [string, string, (v: string) => Promise<{ status: number; body: Problem }>];

/** A 400 naming `field`, as the form shows it; answers the status. */
const expectFieldError = (res: { status: number; body: Problem }, field: string, label: string) => {
  expect(res.status, label).toBe(400);
  expect(
    res.body.errors?.map((e) => e.path),
    label,
  ).toContain(field);
  return res.status;
};

/** Every one-line name and address field a client can write, as [what, field, send]. */
const fieldAttempts = async (shop: TestShop): Promise<Attempt[]> => {
  const admin = client(shop.url, await seedAdminToken(shop));
  const customer = await signupCustomer(shop.url, "Plain Name");
  const product = await anyProduct(shop);
  return [
    [
      "signup name",
      "name",
      (v) =>
        client(shop.url).post<Problem>("/api/auth/signup", {
          name: v,
          email: `x.${randomUUID()}@example.com`,
          contact: "+91 90000 00000",
          password: "a-long-password",
          address: "Pune",
        }),
    ],
    [
      "signup address",
      "address",
      (v) =>
        client(shop.url).post<Problem>("/api/auth/signup", {
          name: "Asha",
          email: `x.${randomUUID()}@example.com`,
          contact: "+91 90000 00000",
          password: "a-long-password",
          address: v,
        }),
    ],
    ["profile name", "name", (v) => customer.api.patch<Problem>("/api/profile", { name: v })],
    ["profile address", "address", (v) => customer.api.patch<Problem>("/api/profile", { address: v })],
    [
      "order address",
      "shippingAddress",
      (v) =>
        customer.api.post<Problem>("/api/orders", {
          orderId: randomUUID(),
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: v,
        }),
    ],
    [
      "message name",
      "name",
      (v) =>
        client(shop.url).post<Problem>("/api/messages", {
          name: v,
          email: "a@example.com",
          message: "Hello",
        }),
    ],
    ["school name", "name", (v) => admin.post<Problem>("/api/schools", { ...schoolBody, name: v })],
    [
      "school location",
      "location",
      (v) => admin.post<Problem>("/api/schools", { ...schoolBody, location: v }),
    ],
  ];
};

describe("finding 18: names and addresses with control characters or bidi overrides", () => {
  let shop: TestShop;
  beforeAll(async () => {
    // Each refused signup counts against the address's signups (30 an hour by default).
    shop = await startTestShop({ env: { RATE_LIMIT_SIGNUP: "100" } });
  });
  afterAll(() => shop.destroy());

  it("refuses them with a field error in every name and address field", async () => {
    const attempts = await fieldAttempts(shop);
    const customer = await signupCustomer(shop.url, "Plain Name");
    const summary: string[] = [];
    for (const [what, field, send] of attempts) {
      const statuses: number[] = [];
      for (const value of HOSTILE) {
        statuses.push(expectFieldError(await send(value), field, `${what} ${JSON.stringify(value)}`));
      }
      summary.push(`${what}: ${[...new Set(statuses)].join("/")}`);
    }
    // Indian scripts and ordinary punctuation are still names and addresses.
    expect(
      (await customer.api.patch("/api/profile", { name: "आशा कुमार", address: "12/B, M.G. Road — Pune" }))
        .status,
    ).toBe(200);
    reportFinding(
      "18 control characters",
      `${HOSTILE.length} names/addresses with NUL, CR/LF, BEL and bidi overrides in ${attempts.length} fields`,
      `${summary.join("; ")} (each a field error); Devanagari and punctuation still accepted`,
    );
  });

  it("refuses Unicode line separators, lone surrogates and invisible characters too, and keeps Indic joiners", async () => {
    // A fresh attack (twenty-sixth session): these passed as one line. Many mail and chat clients
    // break a line at U+2028/U+2029; invisible ones make "Shop\u200BAdmin" pass for another name
    // in the staff's lists, and tag characters smuggle text no one sees.
    const unseen = [
      "Asha\u2028Bcc: x@evil.com",
      "Asha\u2029Kumar",
      "221 Road \ud800",
      "Shop\u200BAdmin",
      "Asha\u2060Kumar",
      "Asha\uFEFFKumar",
      "Asha\u{E0041}\u{E0042}",
      "Asha\u00ADKumar",
    ];
    const attempts = await fieldAttempts(shop);
    for (const [what, field, send] of attempts)
      for (const value of unseen) {
        expectFieldError(await send(value), field, `${what} ${JSON.stringify(value)}`);
      }
    // Multi-line text keeps its line breaks, but not the Unicode ones.
    for (const message of ["Hello\u2028there", "Hi \udc00"]) {
      const res = await client(shop.url).post<Problem>("/api/messages", {
        name: "Asha",
        email: "a@example.com",
        message,
      });
      expect(res.status, JSON.stringify(message)).toBe(400);
      expect(res.body.errors?.map((e) => e.path)).toContain("message");
    }
    // Devanagari's zero-width joiner and non-joiner shape conjuncts; emoji sequences join with ZWJ.
    const customer = await signupCustomer(shop.url, "Joiner Name");
    const joined = "क्\u200Dष श्\u200Cरी 👩\u200D👩\u200D👧";
    expect((await customer.api.patch("/api/profile", { name: joined })).status).toBe(200);
    expect((await customer.api.patch("/api/profile", { address: "Flat 3, नई दिल्ली" })).status).toBe(200);
    reportFinding(
      "18 control characters (2)",
      `${unseen.length} names/addresses with U+2028/2029, a lone surrogate and invisible characters in ${attempts.length} fields, 2 messages`,
      "each a field error; Devanagari with ZWJ/ZWNJ and an emoji ZWJ sequence still accepted",
    );
  });
});
