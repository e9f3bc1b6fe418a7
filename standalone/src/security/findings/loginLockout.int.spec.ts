import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { type LoginAnswer, loginFrom } from "../../testing/loginFrom.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 3;
const ADDRESSES = 6;
const PASSWORD = "a-long-password";

/** The device cookie (`device` or `__Host-device`) among the cookies an answer set. */
const deviceCookie = (a: LoginAnswer) => a.cookies.find((c) => /^(__Host-)?device=/.test(c)) ?? "";

/**
 * The account-wide login ceiling (finding loginAddressRotation) could be used against the account:
 * a few addresses' worth of wrong guesses, repeated every 15 minutes, kept its owner (the admin
 * too) out of the shop from everywhere. A browser that signed in to the account before now has a
 * device cookie bound to that account (OWASP's "device cookies") and counts only its own tries,
 * so guesses from elsewhere lock out unknown browsers, not the owner's.
 */
describe("third review: guesses from elsewhere do not lock an account's owner out", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it(`signs its owner in after ${ADDRESSES} addresses × ${LIMIT} wrong guesses; nobody else`, async () => {
    const victim = await signupCustomer(shop.url, "Lockout Victim");
    const attacker = await signupCustomer(shop.url, "Lockout Attacker");
    const first = await loginFrom(shop.port, "127.0.0.2", victim.email, PASSWORD);
    expect(first.status).toBe(200);
    const known = deviceCookie(first);
    // The attacker's own browser is known, for the attacker's account only.
    const attackersDevice = deviceCookie(await loginFrom(shop.port, "127.0.0.3", attacker.email, PASSWORD));

    const guesses: number[] = [];
    for (let a = 0; a < ADDRESSES; a++)
      for (let i = 0; i < LIMIT; i++)
        guesses.push(
          (await loginFrom(shop.port, `127.0.0.${a + 10}`, victim.email, `wrong-${a}-${i}`)).status,
        );
    const owner = await loginFrom(shop.port, "127.0.0.30", victim.email, PASSWORD, known);
    const stranger = await loginFrom(shop.port, "127.0.0.31", victim.email, PASSWORD);
    const borrowed = await loginFrom(shop.port, "127.0.0.32", victim.email, PASSWORD, attackersDevice);
    reportFinding(
      "loginLockout",
      `${LIMIT} wrong passwords from each of ${ADDRESSES} addresses, then the owner's right password from their own browser`,
      `guesses ${guesses.filter((s) => s === 401).length}×401 ${guesses.filter((s) => s === 429).length}×429; owner ${owner.status}; an unknown browser ${stranger.status}; another account's device cookie ${borrowed.status}`,
    );
    expect(known).not.toBe("");
    expect(attackersDevice).not.toBe("");
    expect(guesses).toContain(429);
    expect(owner.status).toBe(200);
    // The account's ceiling still holds for every browser it does not know.
    expect(stranger.status).toBe(429);
    expect(borrowed.status).toBe(429);
  });

  it(`gives a known browser's cookie ${LIMIT} guesses of its own, not more`, async () => {
    const victim = await signupCustomer(shop.url, "Cookie Thief Victim");
    const known = deviceCookie(await loginFrom(shop.port, "127.0.0.2", victim.email, PASSWORD));
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT + 3; i++)
      statuses.push(
        (await loginFrom(shop.port, `127.0.0.${40 + i}`, victim.email, `wrong-${i}`, known)).status,
      );
    expect(statuses.slice(0, LIMIT)).toEqual(Array(LIMIT).fill(401));
    expect(statuses.slice(LIMIT)).toEqual([429, 429, 429]);
    // A forged or altered cookie is an unknown browser's: the address's own limit, then 429.
    const forged = known.replace(/.$/, (c) => (c === "A" ? "B" : "A"));
    const tries: number[] = [];
    for (let i = 0; i < LIMIT + 1; i++)
      tries.push((await loginFrom(shop.port, "127.0.0.60", victim.email, `forged-${i}`, forged)).status);
    expect(tries).toEqual([...Array(LIMIT).fill(401), 429]);
  });
});
