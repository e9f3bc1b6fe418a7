import { createSessionTokens } from "@shop/platform";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const SECRET = "second-review-socket-expiry-secret-0123456789";
const TTL_SECONDS = 2;

/**
 * A session token ends at its `exp`: the HTTP API refuses it from then on, but a socket opened
 * with it stayed connected and in its rooms, hearing the account's live events (orders with names,
 * addresses, phone numbers) for as long as the connection lasted. It is now closed at `exp`.
 */
describe("second review: a socket ends with its session token", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { SESSION_SECRET: SECRET } });
  });
  afterAll(() => shop.destroy());

  it(`disconnects a socket whose token expires (${TTL_SECONDS} s token)`, async () => {
    const customer = await signupCustomer(shop.url, "Short Session");
    // Of the shop's session generation, as every token it issues (read from the signup's).
    const { gen } = JSON.parse(Buffer.from(customer.token.split(".")[1]!, "base64url").toString()) as {
      gen: string;
    };
    const { token, expiresAt } = await createSessionTokens({ secret: SECRET, ttlSeconds: TTL_SECONDS }).issue(
      customer.user.id,
      gen,
    );
    const socket: Socket = io(shop.url, { transports: ["websocket"], reconnection: false, auth: { token } });
    await new Promise<void>((resolve, reject) => {
      socket.once("connect", () => resolve());
      socket.once("connect_error", reject);
    });
    const disconnected = new Promise<string>((resolve) =>
      socket.once("disconnect", (reason) => resolve(reason)),
    );
    const after = await Promise.race([
      disconnected,
      new Promise<string>((r) => setTimeout(() => r("still connected"), (TTL_SECONDS + 3) * 1000)),
    ]);
    const http = await fetch(`${shop.url}/api/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    socket.close();
    reportFinding(
      "expiredSocketSession",
      `open a socket with a session token that expires in ${TTL_SECONDS} s and keep it open`,
      `HTTP with the token after exp: ${http.status}; the socket: ${after}`,
    );
    expect(Date.now() / 1000).toBeGreaterThanOrEqual(expiresAt);
    expect(http.status).toBe(401);
    expect(after).not.toBe("still connected");
  });
});
