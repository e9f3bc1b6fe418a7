import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCommandApiService } from "@shop/command-api";
import type { Order, Page, Product } from "@shop/contracts";
import {
  type Config,
  createLogger,
  loadConfig,
  openPorts,
  type RunningService,
  saveCheckpoint,
} from "@shop/platform";
import { deleteKeys, REDIS_URL, runPrefix } from "@shop/platform/testing";
import { dropMongoDatabases } from "@shop/platform/testing/mongo";
import { allProjections, rebuildReadModels, startProjectorService } from "@shop/projector";
import { startQueryApiService } from "@shop/query-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemo } from "./seed/seedDemo.ts";
import { client, login } from "./testing/client.ts";

/**
 * The services themselves (command-api, projector, query-api, the rebuild) on EventStoreDB and
 * MongoDB, not only their adapters: run where EVENTSTORE_URL and MONGO_URL are set (the
 * production workflow's service containers). Each run uses databases of its own.
 */
const EVENTSTORE_URL = process.env.EVENTSTORE_URL?.trim();
const MONGO_URL = process.env.MONGO_URL?.trim();
const enabled = Boolean(EVENTSTORE_URL && MONGO_URL);
if (!enabled)
  console.log("skipped: no server (EVENTSTORE_URL and MONGO_URL unset): the services were not run on them");

/** The same server, another database (single-host URLs, as in compose and CI). */
const withDb = (url: string, name: string) => {
  const parsed = new URL(url);
  parsed.pathname = `/${name}`;
  return parsed.toString();
};

describe.runIf(enabled)("the services on EventStoreDB and MongoDB", () => {
  const run = randomUUID().replaceAll("-", "").slice(0, 12);
  const prefix = `${runPrefix("services")}:`;
  const dataDir = mkdtempSync(join(tmpdir(), "services-"));
  const env = (db: string) => ({
    PORT: "0",
    DATA_DIR: dataDir,
    EVENTSTORE_URL: EVENTSTORE_URL!,
    MONGO_URL: withDb(MONGO_URL!, db),
    REDIS_URL,
    SESSION_SECRET: "a-test-session-secret-of-at-least-32-chars",
    LOG_LEVEL: "silent",
  });
  let config: Config;
  const options = { redisPrefix: prefix, leaderTtlMs: 1500 };
  const started: RunningService[] = [];
  let command: RunningService;
  let query: RunningService;

  beforeAll(async () => {
    config = loadConfig(env(`services_${run}`));
    // The production profile seeds nothing by itself: the demo accounts and catalogue (idempotent).
    const logger = createLogger({ logLevel: "silent" });
    const stores = await openPorts(config, { logger, use: ["events", "credentials", "media"] });
    await seedDemo({ events: stores.events, credentials: stores.credentials, media: stores.media, logger });
    await stores.close();
    command = await startCommandApiService(config, options);
    started.push(command);
    started.push(await startProjectorService(config, options));
    query = await startQueryApiService(config, options);
    started.push(query);
    await expect
      .poll(async () => (await fetch(`${query.url}/readyz`)).status, { timeout: 60_000, interval: 500 })
      .toBe(200);
  }, 120_000);
  afterAll(async () => {
    await Promise.allSettled(started.map((s) => s.close()));
    await dropMongoDatabases(MONGO_URL!, [`services_${run}`, `rebuilt_${run}`, `ahead_${run}`]);
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("a command is read back through the projector and query-api (read-your-writes), and a rebuild equals the live read models", async () => {
    const products = await client(query.url).get<Page<Product>>("/api/products?kind=notebook");
    const product = products.body.items[0];
    if (!product) throw new Error("no demo notebook");
    const customer = await login(command.url, "customer@example.com", "customer-pass-1");
    const admin = await login(command.url, "admin@example.com", "admin-pass-1");
    const orderId = randomUUID();
    const placed = await customer.api.post<{ position: string }>("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "9 Station Road, Kochi",
    });
    expect(placed.status).toBe(201);
    const changed = await admin.api.put<{ position: string }>(`/api/orders/${orderId}/status`, { status: 2 });
    expect(changed.status).toBe(200);
    const seen = await client(query.url, admin.token).get<Order>(`/api/orders/${orderId}`, {
      "x-min-position": changed.body.position,
    });
    expect(seen.status).toBe(200);
    expect(seen.body.status).toBe(2);

    // The rebuild CLI's work, into a database of its own: the same documents as the live ones.
    const ports = await openPorts(loadConfig(env(`rebuilt_${run}`)), {
      logger: createLogger({ logLevel: "silent" }),
      use: ["events", "docs"],
    });
    try {
      await rebuildReadModels({ events: ports.events, docs: ports.docs, projections: allProjections });
      const rebuilt = await ports.docs
        .collection<Order & { _id: string }>("orders")
        .findOne({ _id: orderId });
      expect(rebuilt?.status).toBe(2);
    } finally {
      await ports.close();
    }
  }, 60_000);

  it("a projector whose checkpoint is beyond the log refuses to run and says how to fix it", async () => {
    const aheadConfig = loadConfig(env(`ahead_${run}`));
    const ports = await openPorts(aheadConfig, {
      logger: createLogger({ logLevel: "silent" }),
      use: ["events", "docs"],
    });
    const head = await ports.events.headPosition();
    await saveCheckpoint(ports.docs, (BigInt(head) + 1_000_000n).toString());
    await ports.close();
    const projector = await startProjectorService(aheadConfig, {
      ...options,
      redisPrefix: `${prefix}ahead:`,
    });
    started.push(projector);
    await expect
      .poll(async () => (await (await fetch(`${projector.url}/readyz`)).json()) as { status: string }, {
        timeout: 20_000,
        interval: 300,
      })
      .toMatchObject({ status: "refused" });
    const body = (await (await fetch(`${projector.url}/readyz`)).json()) as { reason: string };
    expect(body.reason).toContain("npm run rebuild-read-models");
  }, 60_000);
});
