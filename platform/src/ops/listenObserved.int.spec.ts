import { describe, expect, it } from "vitest";
import { createLogger } from "../config/logger.ts";
import { createMetrics } from "./metrics.ts";
import { listenObserved, SERVICE_KEEP_ALIVE_MS } from "./serviceHttp.ts";
import { closeHttpServer } from "./shutdown.ts";

describe("a service's HTTP server", () => {
  it("runs beforeListen (query-api attaches socket.io and its Redis adapter) before any connection can arrive", async () => {
    const seen: boolean[] = [];
    const { server, url } = await listenObserved((_req, res) => res.end("ok"), {
      port: 0,
      logger: createLogger({ level: "silent" }),
      metrics: createMetrics({ service: "test" }),
      beforeListen: async (s) => {
        seen.push(s.listening);
        // A slow attach (Redis answering late): nobody may connect meanwhile.
        await new Promise((r) => setTimeout(r, 100));
        seen.push(s.listening);
      },
    });
    try {
      expect(seen).toEqual([false, false]);
      expect(await (await fetch(url)).text()).toBe("ok");
      // Longer than the gateway's upstream keep-alive (deploy/nginx.conf: 60 s), so nginx closes first.
      expect(server.keepAliveTimeout).toBe(SERVICE_KEEP_ALIVE_MS);
      expect(SERVICE_KEEP_ALIVE_MS).toBeGreaterThan(60_000);
      expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    } finally {
      await closeHttpServer(server);
    }
  });
});
