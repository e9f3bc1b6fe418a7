import { networkInterfaces } from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

/** An address of this machine that is not loopback: a request to it arrives from a non-loopback peer. */
const outsideAddress = () =>
  Object.values(networkInterfaces())
    .flat()
    .find((i) => i && i.family === "IPv4" && !i.internal)?.address;

const TOKEN = "metrics-token-for-the-security-suite";

describe("finding 13: /metrics is not public on the standalone", () => {
  let shop: TestShop | undefined;
  afterEach(async () => {
    await shop?.destroy();
    shop = undefined;
  });

  it("answers /metrics only to a direct loopback caller without METRICS_TOKEN", async ({ skip }) => {
    const address = outsideAddress();
    if (!address) {
      console.log("[security] metricsNotPublic | skipped: this machine has no non-loopback IPv4 address");
      skip("no non-loopback address to call from");
    }
    shop = await startTestShop();
    const outside = await fetch(`http://${address}:${shop.port}/metrics`);
    const proxied = await fetch(`${shop.url}/metrics`, { headers: { "x-forwarded-for": "198.51.100.7" } });
    const forwarded = await fetch(`${shop.url}/metrics`, {
      headers: { forwarded: 'for="[2001:db8::7]:4711";proto=https' },
    });
    const local = await fetch(`${shop.url}/metrics`);
    const localBody = await local.text();
    reportFinding(
      "metricsNotPublic",
      "GET /metrics from another address, and through a proxy on loopback (X-Forwarded-For, Forwarded)",
      `outside ${outside.status}, proxied ${proxied.status}, ${forwarded.status}; direct loopback ${local.status}`,
    );
    expect(outside.status).toBe(403);
    expect(await outside.text()).not.toContain("http_request");
    expect(proxied.status).toBe(403);
    expect(forwarded.status).toBe(403);
    expect(local.status).toBe(200);
    expect(localBody).toContain("# TYPE");
  });

  it("asks every caller for the bearer token when METRICS_TOKEN is set", async () => {
    shop = await startTestShop({ env: { METRICS_TOKEN: TOKEN } });
    const none = await fetch(`${shop.url}/metrics`);
    const wrong = await fetch(`${shop.url}/metrics`, { headers: { authorization: "Bearer not-the-token" } });
    const right = await fetch(`${shop.url}/metrics`, { headers: { authorization: `Bearer ${TOKEN}` } });
    reportFinding(
      "metricsNotPublic",
      "GET /metrics with METRICS_TOKEN set: no token, a wrong one, the right one",
      `${none.status}, ${wrong.status}, ${right.status}`,
    );
    expect(none.status).toBe(401);
    expect(wrong.status).toBe(401);
    expect(right.status).toBe(200);
    expect(await right.text()).toContain("# TYPE");
  });
});
