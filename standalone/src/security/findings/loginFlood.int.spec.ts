import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { loginFrom } from "../../testing/loginFrom.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 3;
/** The address's ceiling of failed logins across every e-mail: ten accounts' worth. */
const ADDRESS_LIMIT = LIMIT * 10;
const PASSWORD = "a-long-password";
const nobody = () => `${randomUUID()}@nobody.example`;

/**
 * A fresh attack: one address sending logins with a new e-mail each time was never limited (the
 * limits are per address and e-mail, and per e-mail), and every try costs a password hash. Twelve
 * loops kept the hashing pool full: everyone else's login and signup was answered 503, and each of
 * those 503s took one of the victim's own tries, so after the flood the owner got 429 for 15
 * minutes with the right password.
 */
describe("fresh attack: a flood of logins with a new e-mail each time", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it("does not take the victim's tries while the hashing pool is full, and lets known browsers in", async () => {
    const victim = await signupCustomer(shop.url, "Flood Victim");
    const regular = await signupCustomer(shop.url, "Regular Customer");
    const known = (await loginFrom(shop.port, "127.0.0.5", regular.email, PASSWORD)).cookies.find((c) =>
      /^(__Host-)?device=/.test(c),
    );
    const flood = Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        loginFrom(shop.port, `127.0.1.${i + 1}`, nobody(), "x").then((a) => a.status),
      ),
    );
    const [during, knownDuring] = await Promise.all([
      Promise.all(
        Array.from({ length: LIMIT + 2 }, () =>
          loginFrom(shop.port, "127.0.0.3", victim.email, PASSWORD).then((a) => a.status),
        ),
      ),
      // A browser its account knows waits for its turn ahead of the unknown ones.
      loginFrom(shop.port, "127.0.0.5", regular.email, PASSWORD, known).then((a) => a.status),
    ]);
    const floodStatuses = await flood;
    const after = await loginFrom(shop.port, "127.0.0.3", victim.email, PASSWORD);
    reportFinding(
      "loginFlood",
      "60 logins with new e-mails from 60 addresses at once, and the owner's right password meanwhile",
      `flood ${floodStatuses.filter((s) => s === 503).length}×503; owner during ${during.join(" ")}; a known browser during ${knownDuring}; owner after ${after.status}`,
    );
    expect(floodStatuses).toContain(503);
    for (const status of during) expect([200, 503]).toContain(status);
    expect(after.status).toBe(200);
    expect(knownDuring).toBe(200);
  });

  it(`refuses an address after ${ADDRESS_LIMIT} failed logins across e-mails, but not a browser the account knows`, async () => {
    const owner = await signupCustomer(shop.url, "Same Network Owner");
    const known = (await loginFrom(shop.port, "127.0.0.4", owner.email, PASSWORD)).cookies.find((c) =>
      /^(__Host-)?device=/.test(c),
    );
    const statuses: number[] = [];
    for (let i = 0; i < ADDRESS_LIMIT + 2; i++)
      statuses.push((await loginFrom(shop.port, "127.0.0.4", nobody(), "x")).status);
    expect(statuses.slice(0, ADDRESS_LIMIT)).toEqual(Array(ADDRESS_LIMIT).fill(401));
    expect(statuses.slice(ADDRESS_LIMIT)).toEqual([429, 429]);
    // Someone else on that address (a school's or a carrier's NAT) signs in from a browser their
    // account knows; an unknown browser there waits out the window.
    expect((await loginFrom(shop.port, "127.0.0.4", owner.email, PASSWORD, known)).status).toBe(200);
    expect((await loginFrom(shop.port, "127.0.0.4", owner.email, PASSWORD)).status).toBe(429);
  });
});
