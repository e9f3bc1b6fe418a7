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

describe("finding 18: names and addresses with control characters or bidi overrides", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("refuses them with a field error in every name and address field", async () => {
    const admin = client(shop.url, await seedAdminToken(shop));
    const customer = await signupCustomer(shop.url, "Plain Name");
    const product = await anyProduct(shop);
    const attempts: [string, string, (v: string) => Promise<{ status: number; body: Problem }>][] = [
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
    const summary: string[] = [];
    for (const [what, field, send] of attempts) {
      const statuses: number[] = [];
      for (const value of HOSTILE) {
        const res = await send(value);
        expect(res.status, `${what} ${JSON.stringify(value)}`).toBe(400);
        expect(
          res.body.errors?.map((e) => e.path),
          `${what} ${JSON.stringify(value)}`,
        ).toContain(field);
        statuses.push(res.status);
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
});
