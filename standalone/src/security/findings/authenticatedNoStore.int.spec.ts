import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

describe("finding 16: authenticated API answers are never cached", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("sends Cache-Control: no-store on every answer to a signed-in caller, and on the login itself", async () => {
    const signIn = await client(shop.url).post("/api/auth/login", {
      email: "customer@example.com",
      password: "customer-pass-1",
    });
    const customer = await login(shop.url, "customer@example.com", "customer-pass-1");
    const cookie = (signIn.headers.get("set-cookie") ?? "").split(";", 1)[0] ?? "";
    const product = await anyProduct(shop);
    const answers = {
      "POST /api/auth/login": signIn,
      "GET /api/auth/me": await customer.api.get("/api/auth/me"),
      "GET /api/orders": await customer.api.get("/api/orders"),
      "GET /api/cart": await customer.api.get("/api/cart"),
      "GET /api/products (signed in)": await customer.api.get("/api/products?limit=1"),
      "GET /api/auth/me (cookie)": await client(shop.url).get("/api/auth/me", { cookie }),
      "POST /api/cart/items": await customer.api.post("/api/cart/items", { productId: product.id }),
    };
    const seen = Object.entries(answers).map(
      ([name, a]) => `${name} ${a.status} ${a.headers.get("cache-control")}`,
    );
    reportFinding(
      "authenticatedNoStore",
      "read a signed-in customer's answers as a shared cache would",
      seen.join("; "),
    );
    for (const [name, answer] of Object.entries(answers)) {
      expect(answer.status, name).toBeLessThan(300);
      expect(answer.headers.get("cache-control") ?? "", name).toContain("no-store");
    }
  });
});
