import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const CAP = 8;

/** A socket.io handshake over the polling transport from `from`: "session" when one was opened. */
const handshake = (port: number, from: string) =>
  new Promise<string>((resolve) => {
    const req = httpRequest(
      {
        host: "127.0.0.1",
        port,
        path: "/socket.io/?EIO=4&transport=polling",
        localAddress: from,
        agent: false,
      },
      (res) => {
        let body = "";
        res.on("data", (c) => {
          body += c;
        });
        res.on("end", () =>
          resolve(res.statusCode === 200 && body.startsWith("0{") ? "session" : `${res.statusCode}`),
        );
      },
    );
    req.on("error", () => resolve("error"));
    req.end();
  });

/**
 * A live session is kept in memory until its client has been silent past the ping timeout (~45 s),
 * and a polling handshake opens one with a plain request: one machine opened 20,000 in a second
 * over 20 connections (RSS +180 MiB), with no cap on how many it may hold.
 */
describe("finding 23: one address cannot open live sessions without end", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop({ env: { CONNECTIONS_PER_ADDRESS: String(CAP) } });
  });
  afterAll(() => shop.destroy());

  it(`opens ${CAP} sessions for one address, refuses more, and opens another address's`, async () => {
    const answers: string[] = [];
    for (let i = 0; i < CAP + 5; i++) answers.push(await handshake(shop.port, "127.0.0.11"));
    const other = await handshake(shop.port, "127.0.0.12");
    reportFinding(
      "23 live sessions per address",
      `${CAP + 5} polling handshakes from one address (cap ${CAP}), then one from another`,
      `${answers.join(", ")}; the other address: ${other}`,
    );
    expect(answers.slice(0, CAP)).toEqual(Array(CAP).fill("session"));
    expect(answers.slice(CAP).every((a) => a !== "session")).toBe(true);
    expect(other).toBe("session");
  });
});
