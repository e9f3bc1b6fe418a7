import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const connected = (url: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ["websocket"], reconnection: false, timeout: 5000 });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

/** What happens to a socket after it sends `payload`: the server's answer, or how it was closed. */
const afterSending = (socket: Socket, payload: unknown) =>
  new Promise<string>((resolve) => {
    socket.once("disconnect", (reason) => resolve(`disconnected: ${reason}`));
    socket.emit("order.watch", payload, (answer: unknown) => resolve(`answered ${JSON.stringify(answer)}`));
    setTimeout(() => resolve("no answer in 5 s"), 5000);
  });

/**
 * The app sends the live server one small event (`order.watch { orderId }`, under 100 bytes), but
 * socket.io took messages of up to 1 MB from anyone, anonymous sockets too: each is parsed whole
 * on the event loop before any handler (or the event allowance) sees it.
 */
describe("finding 22: a live socket's message is the size the app sends, not a megabyte", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("closes a socket that sends a 500 kB message, and answers a normal one", async () => {
    const big = await connected(shop.url);
    const outcome = await afterSending(big, { orderId: "x".repeat(500_000) });
    big.close();
    const small = await connected(shop.url);
    const normal = await afterSending(small, { orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f" });
    small.close();
    reportFinding(
      "22 socket message size",
      "an anonymous socket sends order.watch with a 500 kB id",
      outcome,
    );
    expect(outcome).toMatch(/^disconnected: transport (close|error)/);
    expect(normal).toBe('answered {"ok":false,"error":"forbidden"}');
  });
});
