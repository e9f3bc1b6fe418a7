import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OwnRedis, startOwnRedis } from "@shop/platform/testing/ownRedis";
import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login, signupCustomer } from "./testing/client.ts";
import { type ShopChild, startShopChild } from "./testing/shopChild.ts";
import { until } from "./testing/until.ts";

/**
 * A Redis that comes back empty (restarted without persistence, flushed, failed over to a replica
 * that never had the keys) has lost the logout denylist with everything else. A token logged out
 * before the loss must not work again after it: the shop cannot tell which tokens were revoked,
 * so every session issued before the loss ends, and a fresh login works.
 */

/** Whether a socket.io handshake with `token` is accepted. */
const socketAccepted = (base: string, token: string) =>
  new Promise<boolean>((resolve) => {
    const socket = io(base, { transports: ["websocket"], auth: { token }, reconnection: false });
    const done = (ok: boolean) => {
      socket.close();
      resolve(ok);
    };
    socket.once("connect", () => done(true));
    socket.once("connect_error", () => done(false));
  });

describe("the Redis-backed shop after Redis lost its data", () => {
  let redis: OwnRedis;
  let shop: ShopChild;
  let base = "";
  const dataDir = mkdtempSync(join(tmpdir(), "redis-loss-"));

  beforeAll(async () => {
    redis = await startOwnRedis();
    shop = await startShopChild({ DATA_DIR: dataDir, REDIS_URL: redis.url });
    base = shop.base;
  }, 90_000);

  afterAll(async () => {
    await shop?.stop();
    await redis?.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("keeps a logged-out token refused, ends the sessions before the loss, and lets a fresh login in", async () => {
    const customer = await signupCustomer(base, "Loss Customer");
    const other = await login(base, customer.email, "a-long-password");
    expect((await customer.api.post("/api/auth/logout")).status).toBe(204);
    expect((await customer.api.get("/api/auth/me")).status).toBe(401);
    expect((await other.api.get("/api/auth/me")).status).toBe(200);
    expect(await socketAccepted(base, customer.token)).toBe(false);
    // A socket of the session still logged in, connected before the loss.
    const held = io(base, { transports: ["websocket"], auth: { token: other.token }, reconnection: false });
    await new Promise<void>((resolve) => held.once("connect", () => resolve()));
    let heldClosed = false;
    held.on("disconnect", () => {
      heldClosed = true;
    });

    await redis.stop();
    await redis.start();
    // Until the shop has its connection back, a session check answers 503.
    await until(async () => (await other.api.get("/api/auth/me")).status !== 503, 20_000, "Redis back");

    expect((await customer.api.get("/api/auth/me")).status).toBe(401);
    expect((await client(base, customer.token).get("/api/orders")).status).toBe(401);
    expect(await socketAccepted(base, customer.token)).toBe(false);
    // Who was still logged in must log in again: nothing says their token was not revoked.
    expect((await other.api.get("/api/auth/me")).status).toBe(401);
    // …and its open socket ends too: it would go on hearing that customer's orders (a fault probe
    // saw order.updated reach a socket whose token every request refused).
    await until(() => heldClosed, 15_000, "the old session's socket disconnected");
    held.close();

    const again = await login(base, customer.email, "a-long-password");
    const me = await again.api.get<{ user: { email: string } }>("/api/auth/me");
    expect(me.status).toBe(200);
    expect(await socketAccepted(base, again.token)).toBe(true);
    expect(shop.stderr()).not.toMatch(/uncaught|unhandled/i);
  }, 60_000);
});
