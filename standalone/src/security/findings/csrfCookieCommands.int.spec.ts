import { randomUUID } from "node:crypto";
import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

/** What a page on another site makes the victim's browser send along with their cookie. */
const CROSS_SITE = { origin: "https://evil.example", "sec-fetch-site": "cross-site" };
/** A sibling site: same registrable domain, still another origin. */
const SAME_SITE = { origin: "http://evil.localhost", "sec-fetch-site": "same-site" };

const cookieOf = async (url: string, email: string, password: string) => {
  const res = await client(url).post("/api/auth/login", { email, password });
  const cookie = (res.headers.get("set-cookie") ?? "").split(";", 1)[0] ?? "";
  expect(cookie).toMatch(/session=/);
  return cookie;
};

describe("finding 4: cookie-authenticated commands need same-origin proof", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  const send = (method: string, path: string, headers: Record<string, string>, body?: FormData) =>
    fetch(`${shop.url}${path}`, { method, headers, ...(body !== undefined && { body }) });

  it("refuses a cross-site logout, delivery OTP request and upload made with the victim's cookie", async () => {
    const customerCookie = await cookieOf(shop.url, "customer@example.com", "customer-pass-1");
    const riderCookie = await cookieOf(shop.url, "delivery@example.com", "delivery-pass-1");
    const customer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const orderId = randomUUID();
    const product = await anyProduct(shop);
    await customer.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Pune",
    });
    const upload = () => {
      const form = new FormData();
      form.set("folder", "bookList");
      form.set("file", new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: "image/png" }), "a.png");
      return form;
    };

    const attacks = [
      [
        "logout, cross-site",
        () => send("POST", "/api/auth/logout", { cookie: customerCookie, ...CROSS_SITE }),
      ],
      ["logout, same-site", () => send("POST", "/api/auth/logout", { cookie: customerCookie, ...SAME_SITE })],
      ["logout, no proof", () => send("POST", "/api/auth/logout", { cookie: customerCookie })],
      [
        "logout, foreign Origin only",
        () => send("POST", "/api/auth/logout", { cookie: customerCookie, origin: "https://evil.example" }),
      ],
      [
        "delivery OTP",
        () => send("POST", `/api/orders/${orderId}/delivery-otp`, { cookie: riderCookie, ...CROSS_SITE }),
      ],
      ["upload", () => send("POST", "/api/uploads", { cookie: customerCookie, ...CROSS_SITE }, upload())],
    ] as const;
    const answers: string[] = [];
    for (const [name, attack] of attacks) {
      const res = await attack();
      answers.push(`${name} ${res.status}`);
      expect(res.status, name).toBe(403);
      expect(res.headers.get("content-type"), name).toContain(PROBLEM_CONTENT_TYPE);
    }
    // Nothing happened: the victim is still signed in.
    const me = await send("GET", "/api/auth/me", { cookie: customerCookie });
    reportFinding(
      "csrfCookieCommands",
      "cookie-authenticated logout / delivery OTP / upload sent from another site or without proof",
      `${answers.join(", ")}; victim still signed in: ${me.status === 200}`,
    );
    expect(me.status).toBe(200);
  });

  it("takes the same commands from the shop's own page and from bearer-token clients", async () => {
    const own = await cookieOf(shop.url, "customer@example.com", "customer-pass-1");
    const bySecFetch = await send("POST", "/api/auth/logout", {
      cookie: own,
      "sec-fetch-site": "same-origin",
    });
    const again = await cookieOf(shop.url, "customer@example.com", "customer-pass-1");
    const byOrigin = await send("POST", "/api/auth/logout", { cookie: again, origin: shop.url });
    const bearer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const byBearer = await bearer.api.post("/api/auth/logout");
    reportFinding(
      "csrfCookieCommands",
      "the same logout from the shop's own origin and with a bearer token",
      `Sec-Fetch-Site same-origin ${bySecFetch.status}, matching Origin ${byOrigin.status}, bearer ${byBearer.status}`,
    );
    expect(bySecFetch.status).toBe(204);
    expect(byOrigin.status).toBe(204);
    expect(byBearer.status).toBe(204);
  });
});
