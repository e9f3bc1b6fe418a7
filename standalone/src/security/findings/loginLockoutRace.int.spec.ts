import { PROBLEM_CONTENT_TYPE } from "@shop/contracts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Answer, client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 5;

const statuses = (answers: Answer[]) =>
  Object.entries(
    answers.reduce<Record<number, number>>((acc, a) => {
      acc[a.status] = (acc[a.status] ?? 0) + 1;
      return acc;
    }, {}),
  )
    .map(([status, n]) => `${n}×${status}`)
    .join(", ");

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? 0;

const timedLogin = async (url: string, email: string, password: string) => {
  const started = performance.now();
  const answer = await client(url).post("/api/auth/login", { email, password });
  return { answer, ms: performance.now() - started };
};

describe("finding 1: the login lockout holds against parallel guesses", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { RATE_LIMIT_LOGIN: String(LIMIT) } });
  });
  afterAll(() => shop.destroy());

  it("checks at most the limit of 30 parallel guesses at one account, then keeps it locked", async () => {
    const victim = await signupCustomer(shop.url, "Lockout Victim");
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        client(shop.url).post("/api/auth/login", { email: victim.email, password: `guess-${i}-wrong` }),
      ),
    );
    const checked = guesses.filter((g) => g.status === 401).length;
    const refused = guesses.filter((g) => g.status === 429 || g.status === 503);
    // Even the right password is refused while the lock holds: the guesses bought nothing.
    const right = await client(shop.url).post("/api/auth/login", {
      email: victim.email,
      password: "a-long-password",
    });
    reportFinding(
      "loginLockoutRace",
      `30 parallel wrong passwords at one account (limit ${LIMIT}), then the right one`,
      `${statuses(guesses)}; right password then ${right.status}`,
    );
    expect(checked).toBeLessThanOrEqual(LIMIT);
    expect(checked + refused.length).toBe(30);
    for (const r of refused) {
      expect(r.headers.get("content-type")).toContain(PROBLEM_CONTENT_TYPE);
      expect(Number(r.headers.get("retry-after"))).toBeGreaterThan(0);
    }
    expect(right.status).toBe(429);
  });

  it("answers a burst of logins beyond the hashing pool with 503 and Retry-After, never a growing queue", async () => {
    const burst = await Promise.all(
      Array.from({ length: 60 }, (_, i) =>
        client(shop.url).post("/api/auth/login", {
          email: `burst.${i}.${Date.now()}@example.com`,
          password: "whatever-password",
        }),
      ),
    );
    const busy = burst.filter((b) => b.status === 503);
    reportFinding(
      "loginLockoutRace",
      "60 parallel logins at distinct e-mails (a hashing flood)",
      statuses(burst),
    );
    expect(burst.every((b) => b.status === 401 || b.status === 503)).toBe(true);
    expect(busy.length).toBeGreaterThan(0);
    for (const b of busy) {
      expect(b.headers.get("content-type")).toContain(PROBLEM_CONTENT_TYPE);
      expect(Number(b.headers.get("retry-after"))).toBeGreaterThan(0);
    }
  });

  it("takes as long for an unknown e-mail as for a known one (no enumeration by timing)", async () => {
    const known = await signupCustomer(shop.url, "Timing Known");
    const knownMs: number[] = [];
    const unknownMs: number[] = [];
    // Interleaved and sequential, so both see the same load; below the lockout limit.
    for (let i = 0; i < LIMIT - 1; i++) {
      const k = await timedLogin(shop.url, known.email, `wrong-${i}-password`);
      const u = await timedLogin(shop.url, `nobody.${i}.${Date.now()}@example.com`, `wrong-${i}-password`);
      expect(k.answer.status).toBe(401);
      expect(u.answer.status).toBe(401);
      expect(u.answer.body).toEqual(k.answer.body);
      knownMs.push(k.ms);
      unknownMs.push(u.ms);
    }
    const ratio = median(unknownMs) / median(knownMs);
    reportFinding(
      "loginLockoutRace",
      "timing wrong-password logins for a known and an unknown e-mail",
      `median known ${median(knownMs).toFixed(0)} ms, unknown ${median(unknownMs).toFixed(0)} ms`,
    );
    // A password hash costs tens of milliseconds; skipping it makes an unknown e-mail answer in a few.
    expect(ratio).toBeGreaterThan(0.5);
  });
});
