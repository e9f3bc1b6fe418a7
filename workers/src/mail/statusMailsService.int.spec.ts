import { randomUUID } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemActor } from "@shop/contracts";
import { orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import {
  createSqliteEventStore,
  loadConfig,
  type RunningService,
  sqliteNamedCheckpoint,
} from "@shop/platform";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "@shop/platform/testing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startWorkersService } from "../service.ts";

/**
 * The workers process on Redis (BullMQ) follows the log for status mails: a change appended by
 * another process is mailed once, by the one instance holding the status-mail lock.
 */
describe("the workers service mails status changes from the log", () => {
  const prefix = `${runPrefix("status-mails")}:`;
  const dataDir = mkdtempSync(join(tmpdir(), "workers-mails-"));
  const services: RunningService[] = [];

  beforeAll(async () => {
    await requireRedis();
    const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, REDIS_URL, LOG_LEVEL: "silent" });
    // Two instances: only the lock holder follows the log, so each change is queued once.
    for (let i = 0; i < 2; i++) services.push(await startWorkersService(config, { redisPrefix: prefix }));
  });
  afterAll(async () => {
    await Promise.allSettled(services.map((s) => s.close()));
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("mails a status change appended after it started, once", async () => {
    const events = createSqliteEventStore({ file: join(dataDir, "events.db") });
    const orderId = randomUUID();
    const metadata = () => ({
      schemaVersion: 1,
      correlationId: randomUUID(),
      causationId: randomUUID(),
      actor: systemActor("test"),
    });
    try {
      // The lock holder takes its first checkpoint at the (empty) log's end: what comes after is mailed.
      const checkpoint = sqliteNamedCheckpoint(join(dataDir, "secrets.db"), "status-mails");
      await expect.poll(() => checkpoint.load(), { timeout: 10_000, interval: 50 }).toBe("0");
      await checkpoint.close();
      await events.appendToStream(
        `order-${orderId}`,
        [{ ...orderPlaced({ orderId }), metadata: metadata() }],
        {
          expectedRevision: "no_stream",
        },
      );
      await events.appendToStream(
        `order-${orderId}`,
        [{ ...orderStatusChanged(1, 2, orderId), metadata: metadata() }],
        { expectedRevision: 0 },
      );
    } finally {
      await events.close();
    }
    const outbox = join(dataDir, "outbox");
    const mails = () => {
      try {
        return readdirSync(outbox)
          .filter((f) => f.endsWith(".eml"))
          .map((f) => readFileSync(join(outbox, f), "utf8"))
          .filter((raw) => raw.includes(`Your order ${orderId.slice(-8)} is now Processing`));
      } catch {
        return [];
      }
    };
    await expect.poll(() => mails().length, { timeout: 15_000, interval: 100 }).toBe(1);
    await new Promise((r) => setTimeout(r, 1000));
    expect(mails()).toHaveLength(1);
  });
});
