import { describe, expect, it } from "vitest";
import { createLogger } from "../config/logger.ts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { guardProcess, isOutage } from "./processGuards.ts";

describe("the process guard of every service main", () => {
  it("tells an outage (survived) from a bug (exit 1)", () => {
    const maxRetries = Object.assign(new Error("Reached the max retries per request limit (which is 20)."), {
      name: "MaxRetriesPerRequestError",
    });
    const refused = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:6379"), { code: "ECONNREFUSED" });
    const grpc = Object.assign(new Error("No connection established"), { code: 14 });
    for (const outage of [
      maxRetries,
      refused,
      grpc,
      new StoreUnavailableError("x"),
      new Error("wrapped", { cause: refused }),
    ])
      expect(isOutage(outage), String(outage)).toBe(true);
    for (const bug of [
      new TypeError("undefined is not iterable"),
      new RangeError("x"),
      "a string",
      undefined,
    ])
      expect(isOutage(bug), String(bug)).toBe(false);
  });

  it("survives an unhandled outage rejection and exits 1 on a bug's", async () => {
    const exits: number[] = [];
    const survived: unknown[] = [];
    // Vitest's own handler would fail the run on these rejections: the guard is the only listener here.
    const others = process.listeners("unhandledRejection");
    process.removeAllListeners("unhandledRejection");
    const stop = guardProcess({
      logger: createLogger({ level: "silent" }),
      onSurvived: (r) => survived.push(r),
      exit: (code) => exits.push(code),
    });
    try {
      void Promise.reject(new StoreUnavailableError("Redis away"));
      await new Promise((r) => setTimeout(r, 20));
      expect(exits).toEqual([]);
      expect(survived).toHaveLength(1);
      void Promise.reject(new TypeError("undefined is not iterable"));
      await new Promise((r) => setTimeout(r, 20));
      expect(exits).toEqual([1]);
    } finally {
      stop();
      for (const l of others) process.on("unhandledRejection", l);
    }
  });
});
