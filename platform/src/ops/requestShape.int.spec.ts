import { describe, expect, it } from "vitest";
import { runWithNatives } from "../testing/nativesScript.ts";

const module = new URL("./serviceHttp.ts", import.meta.url).href;
const logger = new URL("../config/logger.ts", import.meta.url).href;
const metrics = new URL("./metrics.ts", import.meta.url).href;

/**
 * An observed request must carry no accessor of its own. One defined on each request (a lazy
 * `req.log`) cost twice: V8 made every request a dictionary-mode object, and it keeps accessor
 * pairs in the old generation, so each request's pair held the request's closures, and through
 * them the request and its answer, through every scavenge until the next full GC
 * (bench/RESULTS.md, ninth session: ~5 KB promoted per /healthz call).
 */
const shapes = async (level: "info" | "warn") => {
  const script = `
    import { listenObserved } from ${JSON.stringify(module)};
    import { createLogger } from ${JSON.stringify(logger)};
    import { createMetrics } from ${JSON.stringify(metrics)};
    const seen = [];
    const { server, url } = await listenObserved(
      (req, res) => {
        void req.log.info;
        const own = Object.getOwnPropertyDescriptors(req);
        seen.push({ req, accessors: Object.keys(own).filter((k) => own[k].get || own[k].set), fast: %HasFastProperties(req) });
        res.end("ok");
      },
      { port: 0, logger: createLogger({ level: "${level}" }, { write() {} }), metrics: createMetrics({ service: "t" }) },
    );
    for (let i = 0; i < 3; i++) await (await fetch(url + "/api/products")).text();
    server.close();
    console.log(JSON.stringify({
      requests: seen.length,
      ownAccessors: seen.flatMap((s) => s.accessors),
      fastProperties: seen.every((s) => s.fast),
      logs: seen.every((s) => typeof s.req.log.info === "function"),
    }));
  `;
  return JSON.parse(await runWithNatives(script)) as unknown;
};

describe("observed requests", () => {
  it.each(["warn", "info"] as const)(
    "carry no accessor of their own at log level %s, req.log read",
    async (level) => {
      expect(await shapes(level)).toEqual({
        requests: 3,
        ownAccessors: [],
        fastProperties: true,
        logs: true,
      });
    },
  );
});
