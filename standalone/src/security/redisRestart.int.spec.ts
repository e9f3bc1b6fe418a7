import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Order } from "@shop/contracts";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { login, signupCustomer } from "../testing/client.ts";
import { otpFromOutbox, startTestShop, type TestShop } from "../testing/testShop.ts";
import { anyProduct } from "./fixtures.ts";

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, "127.0.0.1", () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** A Redis of the suite's own on a spare port, so killing it disturbs nobody else. */
const startRedis = async (port: number, dir: string): Promise<ChildProcess> => {
  const child = spawn(
    "redis-server",
    ["--port", String(port), "--bind", "127.0.0.1", "--save", "", "--appendonly", "no", "--dir", dir],
    {
      stdio: "ignore",
    },
  );
  for (let i = 0; i < 100; i++) {
    const up = await new Promise<boolean>((resolve) => {
      const s = createServer();
      s.once("error", () => resolve(true));
      s.listen(port, "127.0.0.1", () => s.close(() => resolve(false)));
    });
    if (up) return child;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error("redis-server did not start");
};

describe("Redis restarted under the shop", () => {
  let shop: TestShop;
  let redis: ChildProcess;
  let port = 0;
  const dir = mkdtempSync(join(tmpdir(), "redis-fault-"));
  const sockets: Socket[] = [];

  beforeAll(async () => {
    port = await freePort();
    redis = await startRedis(port, dir);
    shop = await startTestShop({ env: { REDIS_URL: `redis://127.0.0.1:${port}` } });
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await shop?.destroy();
    redis?.kill("SIGKILL");
    rmSync(dir, { recursive: true, force: true });
  });

  it("resumes commands, jobs and live updates once Redis is back", async () => {
    const product = await anyProduct(shop);
    const customer = await signupCustomer(shop.url);
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const orderId = randomUUID();
    expect(
      (
        await customer.api.post("/api/orders", {
          orderId,
          items: [{ productId: product.id, quantity: 1 }],
          shippingAddress: "Pune",
        })
      ).status,
    ).toBe(201);
    const socket = io(shop.url, { transports: ["websocket"], auth: { token: customer.token } });
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    expect(await socket.emitWithAck("order.watch", { orderId })).toEqual({ ok: true });
    const heardOn = (listener: Socket, status: number) =>
      new Promise<void>((resolve) => {
        const on = (msg: { order: Order }) => {
          if (msg.order.id === orderId && msg.order.status === status) {
            listener.off("order.updated", on);
            resolve();
          }
        };
        listener.on("order.updated", on);
      });
    let closed = false;
    socket.on("disconnect", () => {
      closed = true;
    });

    const before = heardOn(socket, 2);
    expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 2 })).status).toBe(200);
    await before;

    redis.kill("SIGKILL");
    await new Promise((r) => setTimeout(r, 300));
    redis = await startRedis(port, dir);
    await new Promise((r) => setTimeout(r, 1500));

    // This Redis keeps nothing across a restart, so the logout denylist is gone: the sessions
    // issued before it end (redisDataLoss.int.spec.ts), and staff log in again.
    expect((await admin.api.put(`/api/orders/${orderId}/status`, { status: 1 })).status).toBe(401);
    const adminAgain = await login(shop.url, "admin@example.com", "admin-pass-1");
    const riderAgain = await login(shop.url, "delivery@example.com", "delivery-pass-1");
    // The customer's socket of the ended session is closed too (within the live server's 5 s check),
    // so the customer signs in again and watches the order on a new one.
    const deadline = Date.now() + 15_000;
    while (!closed && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    expect(closed).toBe(true);
    socket.io.reconnection(false);
    socket.close();
    const customerAgain = await login(shop.url, customer.email, "a-long-password");
    const again = io(shop.url, { transports: ["websocket"], auth: { token: customerAgain.token } });
    sockets.push(again);
    await new Promise<void>((resolve) => again.once("connect", () => resolve()));
    expect(await again.emitWithAck("order.watch", { orderId })).toEqual({ ok: true });
    // Commands: the log is SQLite, so a status change goes through; live: the adapter reconnected.
    const after = heardOn(again, 1);
    expect((await adminAgain.api.put(`/api/orders/${orderId}/status`, { status: 1 })).status).toBe(200);
    await after;
    // Jobs: the OTP mail goes through BullMQ on the restarted Redis.
    expect((await riderAgain.api.post(`/api/orders/${orderId}/delivery-otp`)).status).toBe(202);
    const otp = await otpFromOutbox(shop.outboxDir, customer.email, 15_000);
    const delivered = heardOn(again, 3);
    expect((await riderAgain.api.post(`/api/orders/${orderId}/delivery-confirmation`, { otp })).status).toBe(
      200,
    );
    await delivered;
    console.log(
      "redis restart: 1 fault injected (SIGKILL + restart); commands, jobs and live updates resumed",
    );
  }, 60_000);
});
