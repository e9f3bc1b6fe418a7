import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

/**
 * A fresh attack: the live server's polling answers (socket.io's long-polling transport, which
 * carries a signed-in user's order updates when websockets are blocked) had none of the shop's
 * security headers: no nosniff, and nothing to keep them out of caches.
 */
describe("fresh attack: the live server's polling answers carry security headers", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("answers the handshake and each poll with nosniff and no-store", async () => {
    const handshake = await fetch(`${shop.url}/socket.io/?EIO=4&transport=polling`);
    const body = await handshake.text();
    const sid = (JSON.parse(body.slice(1)) as { sid: string }).sid;
    const poll = await fetch(`${shop.url}/socket.io/?EIO=4&transport=polling&sid=${sid}`, {
      method: "POST",
      headers: { "content-type": "text/plain;charset=UTF-8" },
      body: "40",
    });
    reportFinding(
      "socketPollingHeaders",
      "a polling handshake and a poll",
      `${handshake.headers.get("x-content-type-options")} ${handshake.headers.get("cache-control")}; ${poll.headers.get("x-content-type-options")} ${poll.headers.get("cache-control")}`,
    );
    for (const res of [handshake, poll]) {
      expect(res.status).toBe(200);
      expect(res.headers.get("x-content-type-options")).toBe("nosniff");
      expect(res.headers.get("cache-control")).toContain("no-store");
    }
  });
});
