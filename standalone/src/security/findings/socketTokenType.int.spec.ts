import { io } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { reportFinding } from "./report.ts";

const handshake = (url: string, auth: Record<string, unknown>) =>
  new Promise<string>((resolve) => {
    const socket = io(url, { transports: ["websocket"], reconnection: false, timeout: 5000, auth });
    socket.once("connect", () => {
      socket.close();
      resolve("anonymous socket");
    });
    socket.once("connect_error", (err) => {
      socket.close();
      resolve(`refused: ${err.message}`);
    });
  });

describe("finding 17: a non-string socket auth.token", () => {
  let shop: TestShop;
  beforeAll(async () => {
    shop = await startTestShop();
  });
  afterAll(() => shop.destroy());

  it("is an auth error, never an anonymous socket", async () => {
    const tokens: unknown[] = [12345, true, { $ne: null }, ["a.b.c"], null];
    const answers: string[] = [];
    for (const token of tokens) answers.push(await handshake(shop.url, { token }));
    expect(answers).toEqual(tokens.map(() => "refused: unauthorized"));
    // No token at all is still an anonymous socket (public events only).
    expect(await handshake(shop.url, {})).toBe("anonymous socket");
    reportFinding(
      "17 socket token type",
      `auth.token = ${tokens.map((t) => JSON.stringify(t)).join(", ")}`,
      answers.join("; "),
    );
  });
});
