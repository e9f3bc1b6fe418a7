import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Redis } from "ioredis";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OwnRedis, startOwnRedis } from "../testing/ownRedis.ts";
import { attachRedisAdapter, type RedisAdapterHandle } from "./redisAdapter.ts";
import { createRedisLivePublisher, type RedisLivePublisher } from "./redisLive.ts";

const until = async (check: () => boolean, timeoutMs: number, what: string) => {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`not reached in ${timeoutMs} ms: ${what}`);
    await new Promise((r) => setTimeout(r, 25));
  }
};

/**
 * A socket server hears the projector's notifications through its adapter's subscriber connection.
 * When that connection is gone for a moment — Redis restarted and the publisher reconnected first,
 * or Redis closed it (a pub/sub client past `client-output-buffer-limit`, `CLIENT KILL`) — a
 * notification published then reaches no server: Redis answers the PUBLISH with 0 receivers. Its
 * customer, still connected to the socket server, would never see that change live.
 */
describe("live notifications while the socket servers' subscriber connection is gone (own redis-server)", () => {
  let redis: OwnRedis;
  let admin: Redis;
  let io: Server;
  let adapter: RedisAdapterHandle;
  let live: RedisLivePublisher;
  let socket: Socket;
  const heard: number[] = [];

  beforeAll(async () => {
    redis = await startOwnRedis();
    admin = new Redis(redis.url);
    const http = createServer();
    io = new Server(http);
    io.on("connection", (s) => s.join("order:1"));
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    adapter = await attachRedisAdapter(io, { url: redis.url, prefix: "gone-io" });
    live = createRedisLivePublisher({ url: redis.url, prefix: "gone-io", flushDelayMs: 300 });
    expect(await live.whenReady(3000)).toBe(true);
    socket = connect(`http://127.0.0.1:${(http.address() as AddressInfo).port}`, {
      transports: ["websocket"],
      reconnection: false,
    });
    socket.on("order.updated", (payload: { n: number }) => heard.push(payload.n));
    await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
    // The server joins the room in its connection handler, after the client's connect.
    live.emit(["order:1"], "order.updated", { n: 0 });
    await until(() => heard.includes(0), 5000, "the first notification heard");
  });
  afterAll(async () => {
    socket?.close();
    await live?.close();
    io?.close();
    await adapter?.close();
    admin?.disconnect();
    await redis?.destroy();
  });

  it("keeps a notification no server heard and delivers it, in order, once the subscriber is back", async () => {
    // Redis drops every pub/sub connection; the adapter's subscriber reconnects ~100 ms later.
    await admin.call("CLIENT", "KILL", "TYPE", "pubsub");
    live.emit(["order:1"], "order.updated", { n: 1 });
    live.emit(["order:1"], "order.updated", { n: 2 });
    await until(() => heard.includes(2), 5000, "both notifications sent while nobody listened heard");
    live.emit(["order:1"], "order.updated", { n: 3 });
    await until(() => heard.includes(3), 5000, "a later notification heard");
    expect(heard).toEqual([0, 1, 2, 3]);
    expect(live.pending()).toBe(0);
  });
});
