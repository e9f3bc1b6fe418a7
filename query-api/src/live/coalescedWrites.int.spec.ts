import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { Server, type Socket as ServerSocket } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, describe, expect, it } from "vitest";
import { coalesceWrites } from "./coalescedWrites.ts";

interface RawSocket {
  _write: (...args: unknown[]) => void;
  _writev: (...args: unknown[]) => void;
}

/** A socket.io server and one websocket client; `writes` counts the server's TCP writes to it. */
const start = async (coalesce: boolean) => {
  const http = createServer();
  const server = new Server(http);
  if (coalesce) coalesceWrites(server);
  const joined = new Promise<ServerSocket>((resolve) => server.on("connection", resolve));
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const { port } = http.address() as AddressInfo;
  const client = connect(`http://127.0.0.1:${port}`, { transports: ["websocket"], reconnection: false });
  const socket = await joined;
  await new Promise<void>((resolve) =>
    client.connected ? resolve() : client.once("connect", () => resolve()),
  );
  const raw = (socket.conn as unknown as { transport: { socket: { _socket: RawSocket } } }).transport.socket
    ._socket;
  const count = { writes: 0 };
  for (const name of ["_write", "_writev"] as const) {
    const original = raw[name].bind(raw);
    raw[name] = (...args: unknown[]) => {
      count.writes += 1;
      original(...args);
    };
  }
  const close = async () => {
    client.close();
    await server.close();
  };
  return { server, client, count, close };
};

const heardAll = (client: Socket, n: number) =>
  new Promise<string[]>((resolve) => {
    const got: string[] = [];
    client.onAny((event: string, payload: string) => {
      got.push(`${event}:${payload}`);
      if (got.length === n) resolve(got);
    });
  });

describe("coalesceWrites", () => {
  let close: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await close?.();
    close = undefined;
  });

  it("sends the packets of one turn in one TCP write, in order", async () => {
    const shop = await start(true);
    close = shop.close;
    const heard = heardAll(shop.client, 3);
    shop.server.emit("order.placed", "a");
    shop.server.emit("order.updated", "b");
    shop.server.emit("dashboard.updated", "c");
    expect(await heard).toEqual(["order.placed:a", "order.updated:b", "dashboard.updated:c"]);
    expect(shop.count.writes).toBe(1);
  });

  it("without it the same emits take more than one write (what the test above guards)", async () => {
    const shop = await start(false);
    close = shop.close;
    const heard = heardAll(shop.client, 3);
    shop.server.emit("order.placed", "a");
    shop.server.emit("order.updated", "b");
    shop.server.emit("dashboard.updated", "c");
    expect(await heard).toEqual(["order.placed:a", "order.updated:b", "dashboard.updated:c"]);
    expect(shop.count.writes).toBeGreaterThan(1);
  });

  it("keeps the order of packets sent across turns", async () => {
    const shop = await start(true);
    close = shop.close;
    const heard = heardAll(shop.client, 6);
    for (let i = 0; i < 6; i++) {
      shop.server.emit("tick", String(i));
      if (i % 2 === 1) await new Promise((resolve) => setImmediate(resolve));
    }
    expect(await heard).toEqual(["0", "1", "2", "3", "4", "5"].map((i) => `tick:${i}`));
  });
});
