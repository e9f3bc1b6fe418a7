import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { createLogger, createSqliteSecretStore, type SecretStore } from "@shop/platform";
import { problemMiddleware } from "@shop/platform/http";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { idempotency } from "./idempotency.ts";

describe("Idempotency-Key lease", () => {
  const dir = mkdtempSync(join(tmpdir(), "idem-lease-"));
  const store = createSqliteSecretStore({ file: join(dir, "secrets.db") });
  // A store whose lease renewals land late (a slow round trip): written 150 ms after being sent.
  const slowRenewals: SecretStore = {
    ...store,
    set: async (key, value, ttlMs, opts) => {
      if (key.endsWith(":running")) await sleep(150);
      return store.set(key, value, ttlMs, opts);
    },
  };
  let calls = 0;
  let url = "";
  let close = () => {};
  beforeAll(async () => {
    const app = express();
    app.use(express.json());
    app.use(idempotency(slowRenewals, { renewMs: 50 }));
    app.post("/api/work", async (_req, res) => {
      calls++;
      if (calls === 1) {
        // Runs past one renewal, then fails: a failure is not stored, so a retry redoes it.
        await sleep(80);
        res.status(503).json({ title: "Service unavailable" });
        return;
      }
      res.status(201).json({ done: calls });
    });
    app.use(problemMiddleware(createLogger({ level: "silent" })));
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => server.close();
  });
  afterAll(async () => {
    close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it("is released when the request ends, even with a renewal still on its way", async () => {
    const send = () =>
      fetch(`${url}/api/work`, {
        method: "POST",
        headers: { "content-type": "application/json", "idempotency-key": "retry-me" },
        body: JSON.stringify({ n: 1 }),
      });
    expect((await send()).status).toBe(503);
    // The late renewal has landed by now; the retry must be served, not held off for the lease.
    await sleep(400);
    const retry = await send();
    expect(retry.status).toBe(201);
    expect(await retry.json()).toEqual({ done: 2 });
  });
});
