import { holdHalfRequest, statusLineFrom } from "@shop/platform/testing/fromAddress";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { WebSocket } from "ws";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const CAP = 12;
const ATTACKER = "127.0.0.7";
const CUSTOMER = "127.0.0.8";
const PRODUCTS = "/api/products?limit=1";

/** An anonymous live socket (no token: it hears public events), held open and answering pings. */
const anonymousSocket = (port: number, from: string) =>
  new Promise<WebSocket>((resolve, reject) => {
    const ws = new WebSocket(`ws://127.0.0.1:${port}/socket.io/?EIO=4&transport=websocket`, {
      localAddress: from,
    });
    ws.on("message", (data) => {
      const text = String(data);
      if (text.startsWith("0")) ws.send("40");
      else if (text === "2") ws.send("3");
      else if (text.startsWith("40")) resolve(ws);
    });
    ws.once("error", reject);
    ws.once("close", () => reject(new Error("closed before socket.io connected")));
  });

describe("finding 19: one machine's held connections cannot lock every customer out", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { CONNECTIONS_PER_ADDRESS: String(CAP) } });
  });
  afterAll(() => shop.destroy());

  it("refuses the flooding address past its cap while another customer browses and goes live", async () => {
    const held: { close(): void }[] = [];
    try {
      for (let i = 0; i < CAP / 2; i++) {
        const s = await holdHalfRequest(shop.port, ATTACKER, "/api/products");
        held.push({ close: () => s.destroy() });
      }
      for (let i = 0; i < CAP / 2; i++) {
        const ws = await anonymousSocket(shop.port, ATTACKER);
        held.push({ close: () => ws.terminate() });
      }
      const refused = await statusLineFrom(shop.port, ATTACKER, PRODUCTS);
      const refusedSocket = await anonymousSocket(shop.port, ATTACKER).then(
        (ws) => {
          ws.terminate();
          return "connected";
        },
        () => "refused",
      );
      const served = await statusLineFrom(shop.port, CUSTOMER, PRODUCTS);
      const live = await anonymousSocket(shop.port, CUSTOMER);
      live.terminate();
      reportFinding(
        "connectionFlood",
        `one address holds ${CAP / 2} half-sent requests and ${CAP / 2} anonymous live sockets, then asks for more`,
        `its next request: ${refused}; its next live socket: ${refusedSocket}; another customer: ${served}`,
      );
      expect(refused).toMatch(/^HTTP\/1\.1 429|closed without an answer/);
      expect(refusedSocket).toBe("refused");
      expect(served).toBe("HTTP/1.1 200 OK");
    } finally {
      for (const h of held) h.close();
    }
    // Its connections closed, the address is served again.
    let again = "";
    for (let i = 0; i < 50 && again !== "HTTP/1.1 200 OK"; i++) {
      again = await statusLineFrom(shop.port, ATTACKER, PRODUCTS);
      if (again !== "HTTP/1.1 200 OK") await new Promise((r) => setTimeout(r, 50));
    }
    expect(again).toBe("HTTP/1.1 200 OK");
  });
});
