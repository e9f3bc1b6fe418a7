import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../testing/client.ts";
import { startTestShop, type TestShop } from "../testing/testShop.ts";

describe("security headers and cookies", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { COOKIE_SECURE: "true" } });
  });
  afterAll(() => shop.destroy());

  it("sends helmet's headers on every kind of answer: API, problem, media, health, pages", async () => {
    const paths = [
      "/api/products",
      "/api/products/nope",
      "/media/stationeries/demo-natraj-pencils.png",
      "/healthz",
      "/orders",
    ];
    for (const path of paths) {
      const res = await fetch(`${shop.url}${path}`);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(res.headers.get("content-security-policy"), path).toContain("default-src 'self'");
      expect(res.headers.get("content-security-policy"), path).toContain("frame-ancestors 'none'");
      expect(res.headers.get("x-powered-by"), path).toBeNull();
    }
  });

  it("lets only blob: frames in beside the shop itself (the invoice preview), and no plugin or eval", async () => {
    const csp = (await fetch(`${shop.url}/pdf`)).headers.get("content-security-policy") ?? "";
    const directives = new Map(
      csp.split(";").map((d) => {
        const [name = "", ...values] = d.trim().split(/\s+/);
        return [name, values.join(" ")] as const;
      }),
    );
    expect(directives.get("frame-src")).toBe("'self' blob:");
    expect(directives.get("object-src")).toBe("'none'");
    expect(directives.get("script-src")).toBe("'self'");
    expect(directives.get("default-src")).toBe("'self'");
  });

  it("marks the session cookie Secure when COOKIE_SECURE=true, and always httpOnly and SameSite=Lax", async () => {
    const res = await client(shop.url).post("/api/auth/login", {
      email: "customer@example.com",
      password: "customer-pass-1",
    });
    const cookie = res.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).toMatch(/Secure/i);
  });
});
