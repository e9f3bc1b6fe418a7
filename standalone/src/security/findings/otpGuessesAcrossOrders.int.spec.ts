import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct, placeOneOrder, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 4;
const ORDERS = 3;
const PER_ORDER = 2;

/**
 * The delivery OTP locks after 5 wrong codes, per order and code. A rider who wants to mark orders
 * delivered without handing them over guesses a few codes at every order instead: 5 tries × 5
 * codes an hour at each of thousands of orders, no bound across them. A staff member's OTP tries
 * are now counted per hour across all orders.
 */
describe("second review: one rider's OTP guesses are bounded across orders", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_OTP_TRIES: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it(`checks at most ${LIMIT} of ${ORDERS * PER_ORDER} guesses spread over ${ORDERS} orders`, async () => {
    const admin = client(shop.url, await seedAdminToken(shop));
    const product = await anyProduct(shop);
    const customer = await signupCustomer(shop.url, "Waiting Customer");
    const rider = await signupCustomer(shop.url, "Hostile Rider");
    expect((await admin.put(`/api/users/${rider.user.id}/role`, { accType: 2 })).status).toBe(200);
    const orders: string[] = [];
    for (let i = 0; i < ORDERS; i++) {
      const orderId = await placeOneOrder(customer, product.id);
      expect((await rider.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);
      orders.push(orderId);
    }
    const answers = [];
    for (const orderId of orders)
      for (let g = 0; g < PER_ORDER; g++)
        answers.push(
          await rider.api.post(`/api/orders/${orderId}/delivery-confirmation`, {
            otp: String(100000 + g * 104729 + orders.indexOf(orderId)).slice(0, 6),
          }),
        );
    const checked = answers.filter((a) => a.status === 422 || a.status === 200).length;
    const refused = answers.filter((a) => a.status === 429);
    reportFinding(
      "otpGuessesAcrossOrders",
      `a rider guesses ${PER_ORDER} codes at each of ${ORDERS} orders (at most ${LIMIT} tries an hour)`,
      `${answers.map((a) => a.status).join(", ")}: ${checked} checked`,
    );
    expect(checked).toBe(LIMIT);
    expect(refused).toHaveLength(ORDERS * PER_ORDER - LIMIT);
    for (const r of refused) expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
  });
});
