import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { type LoginAnswer, loginFrom } from "../../testing/loginFrom.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 3;
const ADDRESSES = 8;

/**
 * The login limit counted per (address, e-mail) only: a guesser with many addresses (an IPv6 /64,
 * a botnet, rotating proxies) got the whole limit again from each one, so one account took
 * `addresses × limit` guesses. The account itself now has a ceiling across all addresses.
 */
describe("second review: one account's password guesses are bounded across client addresses", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it(`${ADDRESSES} addresses × ${LIMIT} guesses at one account are not all checked`, async () => {
    const victim = await signupCustomer(shop.url, "Rotation Victim");
    const answers: LoginAnswer[] = [];
    for (let a = 0; a < ADDRESSES; a++) {
      for (let i = 0; i < LIMIT; i++) {
        answers.push(await loginFrom(shop.port, `127.0.0.${a + 2}`, victim.email, `wrong-${a}-${i}`));
      }
    }
    const checked = answers.filter((a) => a.status === 401).length;
    const refused = answers.filter((a) => a.status === 429);
    reportFinding(
      "loginAddressRotation",
      `${LIMIT} wrong passwords (the per-address limit) at one account from each of ${ADDRESSES} loopback addresses`,
      `${checked}×401 checked, ${refused.length}×429 refused`,
    );
    // The account's ceiling is a few addresses' worth, far below every address's.
    expect(checked).toBeLessThan(ADDRESSES * LIMIT);
    expect(checked).toBeLessThanOrEqual(5 * LIMIT);
    expect(checked + refused.length).toBe(ADDRESSES * LIMIT);
    for (const r of refused) {
      expect(r.type).toContain(PROBLEM_CONTENT_TYPE);
      expect(Number(r.retryAfter)).toBeGreaterThan(0);
    }
  });
});
