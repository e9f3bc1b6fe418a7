import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server } from "socket.io";
import { io as connect } from "socket.io-client";
import { afterAll, describe, expect, it } from "vitest";
import { type OwnRedis, startOwnRedis } from "../testing/ownRedis.ts";
import { attachRedisAdapter, type RedisAdapterHandle } from "./redisAdapter.ts";
import { createRedisLivePublisher, type RedisLivePublisher } from "./redisLive.ts";

/**
 * A fault probe started the shop while Redis was down: attaching the socket.io adapter rejected
 * at the first refused connection, and the start ended the process (exit 1 after ~7 s), so a
 * Redis outage during a restart kept the shop down until someone restarted it again.
 */
describe("the socket.io Redis adapter attached while Redis is down (own redis-server)", () => {
  let redis: OwnRedis | undefined;
  let io: Server | undefined;
  let adapter: RedisAdapterHandle | undefined;
  let live: RedisLivePublisher | undefined;
  afterAll(async () => {
    await live?.close();
    io?.close();
    await adapter?.close();
    await redis?.destroy();
  });

  it("attaches without waiting for Redis, and live notifications flow once Redis comes up", async () => {
    redis = await startOwnRedis();
    await redis.stop();
    const http = createServer();
    io = new Server(http);
    io.on("connection", (s) => s.join("order:1"));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    const errors: Error[] = [];
    const started = performance.now();
    adapter = await attachRedisAdapter(io, {
      url: redis.url,
      prefix: "down-io",
      onError: (e) => errors.push(e),
      readyWaitMs: 1500,
    });
    expect(performance.now() - started).toBeLessThan(3000);
    expect(errors.length).toBeGreaterThan(0);
    live = createRedisLivePublisher({ url: redis.url, prefix: "down-io", flushDelayMs: 300 });
    const socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ["websocket"],
      reconnection: false,
    });
    const heard: number[] = [];
    socket.on("order.updated", (p: { n: number }) => heard.push(p.n));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    live.emit(["order:1"], "order.updated", { n: 1 });
    await redis.start();
    const deadline = Date.now() + 10_000;
    while (!heard.includes(1) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 50));
    socket.close();
    expect(heard).toEqual([1]);
  }, 30_000);
});
