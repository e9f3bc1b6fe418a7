import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const CART_LIMIT = 20;
const PROFILE_LIMIT = 5;

/**
 * Every command is an event kept for good. A free account that adds and removes one book again and
 * again, or saves its profile again and again, wrote two events per round trip for as long as it
 * liked: the log (and every replay of it) grew by one customer's whim, until the disk was full.
 */
describe("finding 21: one account cannot grow the event log without end", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({
      env: { RATE_LIMIT_CART: String(CART_LIMIT), RATE_LIMIT_PROFILE: String(PROFILE_LIMIT) },
    });
  });
  afterAll(() => shop.destroy());

  it("refuses cart changes past the hourly limit with 429 and Retry-After, writing nothing", async () => {
    const product = await anyProduct(shop);
    const customer = await signupCustomer(shop.url, "Cart Spammer");
    const statuses: number[] = [];
    for (let i = 0; i < CART_LIMIT + 6; i++) {
      const res =
        i % 2 === 0
          ? await customer.api.post("/api/cart/items", { productId: product.id, quantity: 1 })
          : await customer.api.del(`/api/cart/items/${product.id}`);
      statuses.push(res.status);
    }
    const refused = await customer.api.post<{ detail?: string }>("/api/cart/items", {
      productId: product.id,
      quantity: 1,
    });
    const history = await customer.api.get<{ items: unknown[] }>("/api/cart");
    reportFinding(
      "21 history spam (cart)",
      `one customer adds and removes a book ${CART_LIMIT + 6} times (limit ${CART_LIMIT} an hour)`,
      `${statuses.filter((s) => s === 200).length}×200, then ${statuses.filter((s) => s === 429).length}×429: ${refused.body.detail}`,
    );
    expect(statuses.slice(0, CART_LIMIT).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(CART_LIMIT).every((s) => s === 429)).toBe(true);
    expect(refused.status).toBe(429);
    expect(refused.body.detail).toBe("Too many requests, try again later");
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(history.status).toBe(200);
    // Another customer's cart is their own allowance.
    const other = await signupCustomer(shop.url, "Other Shopper");
    expect((await other.api.post("/api/cart/items", { productId: product.id, quantity: 1 })).status).toBe(
      200,
    );
  });

  it("refuses profile saves past the hourly limit the same way", async () => {
    const customer = await signupCustomer(shop.url, "Profile Spammer");
    const statuses: number[] = [];
    for (let i = 0; i < PROFILE_LIMIT + 3; i++)
      statuses.push((await customer.api.patch("/api/profile", { name: `Name ${i}` })).status);
    reportFinding(
      "21 history spam (profile)",
      `one customer saves a new name ${PROFILE_LIMIT + 3} times (limit ${PROFILE_LIMIT} an hour)`,
      statuses.join(", "),
    );
    expect(statuses).toEqual([...Array(PROFILE_LIMIT).fill(200), 429, 429, 429]);
  });
});
