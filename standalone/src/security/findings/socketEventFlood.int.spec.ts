import { randomUUID } from "node:crypto";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct, placeOneOrder } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const FLOOD = 3000;

const connected = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, {
      transports: ["websocket"],
      reconnection: false,
      timeout: 5000,
      auth: { token },
    });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

describe("finding 20: one live socket's flood of events cannot take the shop's event loop", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("answers a watch flood 'too_many' without the work, then drops the socket; a fresh one watches as before", async () => {
    const customer = await signupCustomer(shop.url, "Flooder");
    const product = await anyProduct(shop);
    const orderId = await placeOneOrder(customer, product.id);
    const socket = await connected(shop.url, customer.token);
    const answers = new Map<string, number>();
    const dropped = new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason)));
    // Each watch of an order id costs the server a session check and a read of the order's stream.
    for (let i = 0; i < FLOOD; i++)
      socket.emit("order.watch", { orderId: randomUUID() }, (a: { ok: boolean; error?: string }) => {
        const key = a.ok ? "ok" : (a.error ?? "?");
        answers.set(key, (answers.get(key) ?? 0) + 1);
      });
    const reason = await Promise.race([
      dropped,
      new Promise<string>((r) => setTimeout(() => r("still connected after 5 s"), 5000)),
    ]);
    socket.close();
    const answered = [...answers.values()].reduce((a, b) => a + b, 0);
    reportFinding(
      "20 socket event flood",
      `one customer's socket sends ${FLOOD} order.watch for random ids at once`,
      `answers ${JSON.stringify(Object.fromEntries(answers))}; the socket: ${reason}`,
    );
    // A burst is served; past it the answer costs nothing, and a socket that keeps on is dropped.
    expect(answers.get("forbidden") ?? 0).toBeLessThanOrEqual(150);
    expect(answers.get("too_many") ?? 0).toBeGreaterThan(0);
    expect(answered).toBeLessThan(FLOOD / 2);
    expect(reason).toBe("io server disconnect");

    const fresh = await connected(shop.url, customer.token);
    try {
      const watch = await fresh.timeout(5000).emitWithAck("order.watch", { orderId });
      expect(watch).toEqual({ ok: true });
    } finally {
      fresh.close();
    }
  });
});
