import { createServer } from "node:http";
import { setTimeout as sleep } from "node:timers/promises";
import { Server } from "socket.io";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../config/config.ts";
import { createLogger } from "../config/logger.ts";
import { type OpenedLive, openLive } from "../config/ports.ts";
import { type OwnRedis, startOwnRedis } from "../testing/ownRedis.ts";

/**
 * A review saw the live publisher log one warning per notification it kept for a retry: a shop
 * whose socket servers were away (or whose Redis was) wrote a warning for every order change
 * until its buffer's bound of 10,000. An operator needs one line when it starts, not thousands.
 */
describe("warnings of kept live notifications (own redis-server)", () => {
  let redis: OwnRedis | undefined;
  let live: OpenedLive | undefined;
  let io: Server | undefined;
  afterAll(async () => {
    io?.close();
    await live?.close();
    await redis?.destroy();
  });

  it("warns once when notifications start being kept, and once again at the next streak", async () => {
    redis = await startOwnRedis();
    const lines: { level: number; msg: string }[] = [];
    const logger = createLogger({ level: "warn" }, { write: (line: string) => lines.push(JSON.parse(line)) });
    const config = loadConfig({ REDIS_URL: redis.url, LOG_LEVEL: "silent" });
    live = await openLive(config, { logger, redisPrefix: "warn-test:" });
    const kept = () => lines.filter((l) => l.msg.includes("kept for a retry")).length;

    // No socket server yet: every publish reaches 0 receivers and is kept.
    for (let i = 0; i < 20; i++) live.emit(["order:1"], "order.updated", { i } as never);
    await sleep(300);
    expect(kept()).toBe(1);

    // A socket server subscribes: the kept ones go out, and the streak is over.
    const http = createServer();
    io = new Server(http);
    await live.attach(io);
    await sleep(2500);

    // Redis goes away: a new streak, one more warning for its 20 notifications.
    await redis.stop();
    for (let i = 0; i < 20; i++) live.emit(["order:1"], "order.updated", { i } as never);
    await sleep(300);
    expect(kept()).toBe(2);
    // Back before the teardown: closing socket.io's adapter unsubscribes through a client that
    // would otherwise retry those commands against a Redis that is gone, and reject them later.
    await redis.start();
  }, 20_000);
});
