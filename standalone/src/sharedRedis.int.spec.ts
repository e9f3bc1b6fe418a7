import { randomUUID } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page, Product } from "@shop/contracts";
import { runPrefix } from "@shop/platform/testing";
import { freePort, listening, type OwnRedis, startOwnRedis } from "@shop/platform/testing/ownRedis";
import { Redis } from "ioredis";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, login } from "./testing/client.ts";
import { startTestShop, type TestShop } from "./testing/testShop.ts";

/**
 * A fault probe: two standalone shops with their own DATA_DIRs on one REDIS_URL shared every
 * Redis key and channel. A's status mails landed in B's outbox, B took A's delivery-OTP jobs and
 * could not open them, a socket on B signed in as customer@example.com (user ids come from the
 * e-mail) heard A's orders with their shipping address, and the rate limits counted both shops.
 * REDIS_PREFIX keeps shops on one Redis apart, and a shop claims its prefix (`<prefix>shop:owner`,
 * its id kept in DATA_DIR/shop-id): another shop's start on a claimed one is refused, saying why.
 *
 * The suite runs its own redis-server: before the fix the shops wrote unprefixed keys (`bull:*`,
 * `secrets:*`) that could not be told from anyone else's on the shared Redis, and "every key of B
 * starts with its prefix" can only be checked on a Redis nobody else writes to.
 */

/** A socket signed in with `token`, once connected. */
const signedInSocket = async (base: string, token: string) => {
  const socket = io(base, { transports: ["websocket"], auth: { token }, reconnection: false });
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", resolve);
    socket.once("connect_error", reject);
  });
  return socket;
};

/** Every key in the Redis (this suite's own: small). */
const allKeys = async (redis: Redis) => {
  const keys: string[] = [];
  let cursor = "0";
  do {
    const [next, batch] = await redis.scan(cursor, "COUNT", 1000);
    cursor = next;
    keys.push(...batch);
  } while (cursor !== "0");
  return keys;
};

describe("two standalone shops on one Redis", () => {
  const prefixA = `${runPrefix("shared-a")}:`;
  const prefixB = `${runPrefix("shared-b")}:`;
  const dirA = mkdtempSync(join(tmpdir(), "shared-redis-a-"));
  const dirB = mkdtempSync(join(tmpdir(), "shared-redis-b-"));
  let redis: OwnRedis;
  let admin: Redis;
  let shopA: TestShop | undefined;
  let shopB: TestShop | undefined;
  const sockets: Socket[] = [];

  const start = (dataDir: string, prefix: string, env: Record<string, string> = {}) =>
    startTestShop({ dataDir, env: { REDIS_URL: redis.url, REDIS_PREFIX: prefix, ...env } });

  beforeAll(async () => {
    redis = await startOwnRedis();
    admin = new Redis(redis.url);
  }, 60_000);
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.allSettled([shopA?.close(), shopB?.close()]);
    admin?.disconnect();
    await redis?.destroy();
    rmSync(dirA, { recursive: true, force: true });
    rmSync(dirB, { recursive: true, force: true });
  });

  it("(a) starts shop A on the Redis with its REDIS_PREFIX", async () => {
    shopA = await start(dirA, prefixA);
    expect((await client(shopA.url).get("/api/schools")).status).toBe(200);
  }, 90_000);

  it("(b) refuses shop B on the same Redis and REDIS_PREFIX at start, naming REDIS_PREFIX, holding nothing", async () => {
    const port = await freePort();
    const outcome = await start(dirB, prefixA, { PORT: String(port) }).then(
      async (shop) => {
        // It started: what the probe found. Stop it, so the next steps see B's folder free.
        await shop.close();
        return shop;
      },
      (error: unknown) => error,
    );
    expect(outcome).toBeInstanceOf(Error);
    const message = (outcome as Error).message;
    expect(message).toMatch(/REDIS_PREFIX/);
    expect(message).toContain(redis.url);
    expect(message).toContain(`"${prefixA}"`);
    expect(message).toMatch(/another shop/);
    // No port left listening, and its DATA_DIR is free again (a shop starts on it below).
    expect(await listening(port)).toBe(false);
    // A goes on.
    expect((await client(shopA!.url).get("/api/schools")).status).toBe(200);
  }, 90_000);

  it("(c) starts shop B with another REDIS_PREFIX: A's live order events do not reach B's sockets, and B's keys all start with its prefix", async () => {
    if (!shopA) throw new Error("shop A did not start");
    // On B's DATA_DIR, the one the refused start held: its lock was released.
    shopB = await start(dirB, prefixB);
    const onA = await login(shopA.url, "customer@example.com", "customer-pass-1");
    const onB = await login(shopB.url, "customer@example.com", "customer-pass-1");
    // The same demo customer on both shops: one user id (derived from the e-mail), one user room.
    expect(onB.user.id).toBe(onA.user.id);
    const socketA = await signedInSocket(shopA.url, onA.token);
    const socketB = await signedInSocket(shopB.url, onB.token);
    sockets.push(socketA, socketB);
    const heardOnB: string[] = [];
    for (const event of ["order.placed", "order.updated"])
      socketB.on(event, (msg: { order: { id: string } }) => heardOnB.push(`${event} ${msg.order.id}`));

    const orderId = randomUUID();
    const heardOnA = new Promise<void>((resolve) =>
      socketA.on("order.placed", (msg: { order: { id: string } }) => {
        if (msg.order.id === orderId) resolve();
      }),
    );
    const products = await client(shopA.url).get<Page<Product>>("/api/products?kind=notebook");
    const product = products.body.items[0];
    if (!product) throw new Error("no demo notebook");
    const placed = await onA.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "12 Private Lane, Pune",
    });
    expect(placed.status).toBe(201);
    // A's own socket hears it (the event was published)…
    await Promise.race([
      heardOnA,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("A's socket heard nothing")), 10_000),
      ),
    ]);
    // …and B's, in the same user room on the same Redis, does not, a while after.
    await new Promise((r) => setTimeout(r, 1500));
    expect(heardOnB).toEqual([]);

    const keys = await allKeys(admin);
    expect(keys.filter((k) => k.startsWith(prefixB)).length).toBeGreaterThan(0);
    expect(keys.filter((k) => !k.startsWith(prefixA) && !k.startsWith(prefixB))).toEqual([]);
  }, 90_000);

  it("(d) starts shop A again on its DATA_DIR and REDIS_PREFIX: its own claim", async () => {
    await shopA?.close();
    shopA = undefined;
    shopA = await start(dirA, prefixA);
    expect((await client(shopA.url).get("/api/schools")).status).toBe(200);
    // The claim is A's id, kept in its DATA_DIR for the owner alone.
    const idFile = join(dirA, "shop-id");
    expect(statSync(idFile).mode & 0o777).toBe(0o600);
    expect(await admin.get(`${prefixA}shop:owner`)).toBe(readFileSync(idFile, "utf8").trim());
  }, 90_000);
});
