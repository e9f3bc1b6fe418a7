import { Writable } from "node:stream";
import { afterEach, describe, expect, it } from "vitest";
import { createLogger } from "../config/logger.ts";
import { createMetrics } from "./metrics.ts";
import { CORRELATION_HEADER, listenObserved } from "./serviceHttp.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe("observed requests", () => {
  const closers: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const c of closers.splice(0)) await c();
  });

  const start = async (level: "info" | "warn") => {
    const lines: Record<string, unknown>[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        for (const l of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(l));
        done();
      },
    });
    const logger = createLogger({ level }, sink);
    const seen: { id?: unknown; log?: unknown } = {};
    const { server, url } = await listenObserved(
      (req, res) => {
        seen.id = (req as { id?: unknown }).id;
        seen.log = (req as { log?: unknown }).log;
        res.setHeader("content-type", "application/json");
        res.end('{"ok":true}');
      },
      { port: 0, logger, metrics: createMetrics({ service: "test" }) },
    );
    closers.push(() => new Promise((r) => server.close(() => r())));
    return { url, lines, seen };
  };

  it.each(["info", "warn"] as const)(
    "echoes the caller's correlation id, or a new one, at log level %s",
    async (level) => {
      const { url, seen } = await start(level);
      const given = "3f1c2a9e-8b7d-4c6e-9f10-2a3b4c5d6e7f";
      const res = await fetch(`${url}/api/products`, { headers: { [CORRELATION_HEADER]: given } });
      expect(res.headers.get(CORRELATION_HEADER)).toBe(given);
      expect(seen.id).toBe(given);
      expect(typeof (seen.log as { info?: unknown }).info).toBe("function");
      const fresh = await fetch(`${url}/api/products`, { headers: { [CORRELATION_HEADER]: "not-a-uuid" } });
      expect(fresh.headers.get(CORRELATION_HEADER)).toMatch(UUID);
      expect(fresh.headers.get(CORRELATION_HEADER)).not.toBe("not-a-uuid");
    },
  );

  it("writes one line per request at info, with the correlation id and no secrets, and none at warn", async () => {
    const info = await start("info");
    await fetch(`${info.url}/api/products`, { headers: { authorization: "Bearer secret-token" } });
    await fetch(`${info.url}/healthz`);
    await new Promise((r) => setTimeout(r, 50));
    expect(info.lines).toHaveLength(1);
    expect(info.lines[0]).toMatchObject({
      msg: "request completed",
      correlationId: expect.stringMatching(UUID),
    });
    expect(JSON.stringify(info.lines[0])).not.toContain("secret-token");

    const warn = await start("warn");
    await fetch(`${warn.url}/api/products`);
    await new Promise((r) => setTimeout(r, 50));
    expect(warn.lines).toHaveLength(0);
  });
});
