import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { type LoginAnswer, loginFrom } from "../../testing/loginFrom.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 2;
const PASSWORD = "a-long-password";
const LOOPS = 16;
const FLOOD_MS = 8_000;
/** The flood's first burst (its checks already in the pool) has drained by then. */
const VICTIM_AFTER_MS = 2_000;
const VICTIM_WAIT_MS = 5_000;

/**
 * A fresh attack: only failed logins were counted. One free account signing in to itself again and
 * again, with the device cookie its first login gave it (the known lane, served before every other),
 * kept the hashing pool full for as long as it liked: sixteen loops and the admin's login from
 * another browser waited past 3 s or got 503, and so did every signup and first login.
 */
describe("fresh attack: a flood of successful logins to one's own account", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it("caps one account's successful logins, so others still sign in while it floods", async () => {
    const attacker = await signupCustomer(shop.url, "Login Flooder");
    const device = (await loginFrom(shop.port, "127.0.0.7", attacker.email, PASSWORD)).cookies.find((c) =>
      /^(__Host-)?device=/.test(c),
    );
    expect(device).toBeDefined();
    const attack: Record<number, number> = {};
    let refused: LoginAnswer | undefined;
    const until = Date.now() + FLOOD_MS;
    const loop = async () => {
      while (Date.now() < until) {
        const answer = await loginFrom(shop.port, "127.0.0.7", attacker.email, PASSWORD, device);
        attack[answer.status] = (attack[answer.status] ?? 0) + 1;
        if (answer.status === 429) refused ??= answer;
      }
    };
    const flood = Promise.all(Array.from({ length: LOOPS }, loop));
    await new Promise((r) => setTimeout(r, VICTIM_AFTER_MS));
    const victim: (number | "waiting")[] = [];
    for (let i = 0; i < 3; i++) {
      const answer = await Promise.race([
        loginFrom(shop.port, "127.0.0.8", "admin@example.com", "admin-pass-1").then((a) => a.status),
        new Promise<"waiting">((r) => setTimeout(() => r("waiting"), VICTIM_WAIT_MS)),
      ]);
      victim.push(answer);
    }
    await flood;
    reportFinding(
      "successful login flood",
      `${LOOPS} loops of right-password logins to one's own account with its device cookie for ${FLOOD_MS / 1000} s, and the admin's login from another browser from ${VICTIM_AFTER_MS / 1000} s on`,
      `flooder ${JSON.stringify(attack)}; admin ${victim.join(" ")}`,
    );
    expect(victim).toEqual([200, 200, 200]);
    // One account's sign-ins per window: RATE_LIMIT_LOGIN × 5, then 429 without a password check.
    expect(attack[200] ?? 0).toBeLessThanOrEqual(LIMIT * 5);
    expect(refused?.status).toBe(429);
    expect(Number(refused?.retryAfter)).toBeGreaterThan(0);
  });
});
