import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

describe("finding 10: the standalone trusts no X-Forwarded-For by default", () => {
  let shop: TestShop;
  beforeAll(async () => {
    // No TRUST_PROXY: the default. A limit of 2 signups per address makes the third telling.
    shop = await startTestShop({ env: { RATE_LIMIT_SIGNUP: "2" } });
  });
  afterAll(() => shop.destroy());

  it("counts signups by the connection's address, whatever X-Forwarded-For claims", async () => {
    const statuses: number[] = [];
    for (let n = 1; n <= 4; n++) {
      const res = await client(shop.url).post(
        "/api/auth/signup",
        {
          name: `Spoofer ${n}`,
          email: `spoof.${n}.${Date.now()}@example.com`,
          contact: "+91 90000 00000",
          password: "a-long-password",
          address: "1 Test Street, Nagpur",
        },
        { "x-forwarded-for": `203.0.113.${n}` },
      );
      statuses.push(res.status);
    }
    reportFinding(
      "trustProxyDefault",
      "4 signups from loopback, each with a different spoofed X-Forwarded-For (limit 2 per address)",
      statuses.join(", "),
    );
    expect(statuses).toEqual([201, 201, 429, 429]);
  });
});
