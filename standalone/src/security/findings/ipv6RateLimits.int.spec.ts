import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const LIMIT = 3;
const TRIES = 8;

/**
 * The per-address limits (signups, contact messages, failed logins) keyed on the whole client
 * address. One IPv6 host holds a /64 of them (2^64): a new address per request, a fresh limit every
 * time. The shop is behind its gateway here (TRUST_PROXY=loopback: the proxy's X-Forwarded-For is
 * the client), as in the compose profile. An IPv6 client now counts by its /64 network.
 */
describe("second review: an IPv6 client's per-address limits count its /64, not each address", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({
      env: { TRUST_PROXY: "loopback", RATE_LIMIT_SIGNUP: String(LIMIT), RATE_LIMIT_MESSAGES: String(LIMIT) },
    });
  });
  afterAll(() => shop.destroy());

  /** The i-th address of one /64 (2001:db8:1:2::/64), as the gateway would forward it. */
  const from = (i: number) => ({ "x-forwarded-for": `2001:db8:1:2:${(i + 1).toString(16)}::${i + 7}` });

  it(`refuses signups and messages past the limit from ${TRIES} addresses of one /64`, async () => {
    const signups = [];
    const messages = [];
    for (let i = 0; i < TRIES; i++) {
      signups.push(
        await client(shop.url).post(
          "/api/auth/signup",
          {
            name: "Rotating Host",
            email: `v6.${i}.${Date.now()}@example.com`,
            contact: "+91 90000 00000",
            password: "a-long-password",
            address: "Pune",
          },
          from(i),
        ),
      );
      messages.push(
        await client(shop.url).post(
          "/api/messages",
          { name: "Rotating Host", email: "v6@example.com", message: `hello ${i}` },
          from(i),
        ),
      );
    }
    const count = (answers: { status: number }[], status: number) =>
      answers.filter((a) => a.status === status).length;
    reportFinding(
      "ipv6RateLimits",
      `${TRIES} signups and ${TRIES} messages, each from a new address of one IPv6 /64 (limits ${LIMIT})`,
      `signups ${count(signups, 201)}×201 ${count(signups, 429)}×429; messages ${count(messages, 201)}×201 ${count(messages, 429)}×429`,
    );
    expect(count(signups, 201)).toBe(LIMIT);
    expect(count(signups, 429)).toBe(TRIES - LIMIT);
    expect(count(messages, 201)).toBe(LIMIT);
    expect(count(messages, 429)).toBe(TRIES - LIMIT);

    // Another network (IPv4 or another /64) keeps its own count.
    const other = await client(shop.url).post(
      "/api/messages",
      { name: "Neighbour", email: "n@example.com", message: "hello" },
      { "x-forwarded-for": "2001:db8:1:3::1" },
    );
    expect(other.status).toBe(201);
  });
});
