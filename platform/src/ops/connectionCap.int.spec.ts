import { connect, type Socket } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../config/logger.ts";
import { statusLineFrom as ask, holdHalfRequest as holdOpen } from "../testing/fromAddress.ts";
import { addressKey } from "./connectionCap.ts";
import { createMetrics } from "./metrics.ts";
import { listenObserved } from "./serviceHttp.ts";
import { closeHttpServer } from "./shutdown.ts";

const until = async (check: () => Promise<boolean>) => {
  for (let i = 0; i < 100 && !(await check()); i++) await new Promise((r) => setTimeout(r, 20));
};

describe("connections per client address", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });

  const start = async (opts: { max: number; trustProxy?: string }) => {
    const { server } = await listenObserved((_req, res) => res.end("ok"), {
      port: 0,
      logger: createLogger({ level: "silent" }),
      metrics: createMetrics({ service: "test" }),
      connectionsPerAddress: opts.max,
      ...(opts.trustProxy && { trustProxy: opts.trustProxy }),
    });
    const held: Socket[] = [];
    closers.push(async () => {
      for (const s of held) s.destroy();
      await closeHttpServer(server, 100);
    });
    const port = (server.address() as { port: number }).port;
    const count = () => new Promise<number>((r) => server.getConnections((_e, n) => r(n)));
    return { port, held, count };
  };

  it("refuses one address's connections past the cap, serves every other address, and frees a slot when one closes", async () => {
    const { port, held, count } = await start({ max: 3 });
    for (let i = 0; i < 3; i++) held.push(await holdOpen(port, "127.0.0.1"));
    await until(async () => (await count()) === 3);
    expect(await count()).toBe(3);

    // A fourth from the same address gets no answer from the app: 429, or a closed connection.
    const refused = await ask(port, "127.0.0.1");
    expect(refused).not.toMatch(/^HTTP\/1\.1 200/);
    expect(refused).toMatch(/^HTTP\/1\.1 429|closed without an answer/);
    // The held ones were not touched, and another address is served as before.
    expect(held.every((s) => !s.destroyed)).toBe(true);
    expect(await ask(port, "127.0.0.2")).toBe("HTTP/1.1 200 OK");

    held.pop()?.destroy();
    await until(async () => (await count()) === 2);
    expect(await ask(port, "127.0.0.1")).toBe("HTTP/1.1 200 OK");
  });

  it("tells the refused client why, with Retry-After, when it can still hear it", async () => {
    const { port, held } = await start({ max: 1 });
    held.push(await holdOpen(port, "127.0.0.3"));
    const raw = await new Promise<string>((resolve) => {
      let text = "";
      // Connected and listening before it sends anything: the answer is not lost to a reset.
      const socket = connect({ port, host: "127.0.0.1", localAddress: "127.0.0.3" });
      socket.setTimeout(3000, () => socket.destroy());
      socket.on("data", (c) => {
        text += c.toString("utf8");
      });
      socket.on("error", () => {});
      socket.on("close", () => resolve(text));
    });
    expect(raw).toMatch(/^HTTP\/1\.1 429 Too Many Requests\r\n/);
    expect(raw).toMatch(/\r\nRetry-After: \d+\r\n/i);
    expect(raw).toMatch(/\r\nContent-Type: application\/problem\+json\r\n/i);
    expect(raw).toContain("Too many requests");
  });

  it("does not count a trusted proxy's connections (it carries many clients)", async () => {
    const { port, held } = await start({ max: 2, trustProxy: "127.0.0.4" });
    for (let i = 0; i < 5; i++) held.push(await holdOpen(port, "127.0.0.4"));
    expect(await ask(port, "127.0.0.4")).toBe("HTTP/1.1 200 OK");
    // A client beside the proxy is still one client.
    for (let i = 0; i < 2; i++) held.push(await holdOpen(port, "127.0.0.6"));
    expect(await ask(port, "127.0.0.6")).not.toBe("HTTP/1.1 200 OK");
  });

  it("is off at 0", async () => {
    const { port, held } = await start({ max: 0 });
    for (let i = 0; i < 5; i++) held.push(await holdOpen(port, "127.0.0.5"));
    expect(await ask(port, "127.0.0.5")).toBe("HTTP/1.1 200 OK");
  });

  it("counts an IPv4 client once however it is written, and an IPv6 client by its /64", () => {
    expect(addressKey("::ffff:203.0.113.9")).toBe(addressKey("203.0.113.9"));
    // One home or one phone's network gets a /64: its addresses are one client.
    expect(addressKey("2001:db8:1:2::1")).toBe(addressKey("2001:db8:1:2:ffff:ffff:ffff:ffff"));
    expect(addressKey("2001:0db8:0001:0002:0000:0000:0000:0009")).toBe(addressKey("2001:db8:1:2::9"));
    expect(addressKey("2001:db8:1:3::1")).not.toBe(addressKey("2001:db8:1:2::1"));
    expect(addressKey("203.0.113.9")).not.toBe(addressKey("203.0.113.10"));
    expect(addressKey(undefined)).toBe("unknown");
  });
});
