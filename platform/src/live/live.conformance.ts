import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { Server } from "socket.io";
import { io as connect, type Socket } from "socket.io-client";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { LivePublisher } from "../ports/live.ts";

export interface LiveFixture {
  publisher: LivePublisher;
  cleanup: () => Promise<void>;
}

interface Running {
  io: Server;
  url: string;
}

async function startServer(): Promise<Running> {
  const http = createServer();
  const io = new Server(http);
  // The test client names the rooms its socket starts in (the real server derives them from the session).
  io.on("connection", (socket) => {
    const rooms = (socket.handshake.auth as { rooms?: unknown }).rooms;
    if (Array.isArray(rooms)) socket.join(rooms.map(String));
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  return { io, url: `http://127.0.0.1:${(http.address() as AddressInfo).port}` };
}

interface Client {
  socket: Socket;
  received: Array<[string, unknown]>;
}

async function client(url: string, rooms: string[]): Promise<Client> {
  const socket = connect(url, { transports: ["websocket"], auth: { rooms }, reconnection: false });
  const received: Array<[string, unknown]> = [];
  socket.onAny((event: string, payload: unknown) => received.push([event, payload]));
  await new Promise<void>((resolve, reject) => {
    socket.once("connect", () => resolve());
    socket.once("connect_error", reject);
  });
  // The server joins rooms in its connection handler, which may finish after the client's connect.
  await sleep(20);
  return { socket, received };
}

const got = (c: Client, event: string) => c.received.filter(([e]) => e === event).map(([, p]) => p);

/**
 * The contract of ports/live.ts against real socket.io servers: what a LivePublisher does must
 * reach the sockets of every server it serves (`servers` > 1 for scale-out adapters).
 */
export function liveConformance(
  name: string,
  servers: number,
  makeLive: (servers: Server[]) => Promise<LiveFixture>,
): void {
  describe(`live publisher conformance: ${name}`, () => {
    let running: Running[];
    let fixture: LiveFixture;
    let live: LivePublisher;
    const clients: Client[] = [];

    /** One client per server, in the given rooms. */
    const everywhere = (rooms: string[]) => Promise.all(running.map((s) => client(s.url, rooms)));
    const track = async <T extends Client[]>(made: Promise<T>) => {
      const list = await made;
      clients.push(...list);
      return list;
    };

    /** Re-publishes until every client got `event` (pub/sub needs a moment to subscribe). */
    async function eventually(publish: () => void, event: string, targets: Client[]): Promise<void> {
      const deadline = Date.now() + 3000;
      while (!targets.every((c) => got(c, event).length > 0)) {
        if (Date.now() > deadline) throw new Error(`not every client got ${event}`);
        publish();
        await sleep(50);
      }
    }

    /** Everything published before this has been delivered once `probe` arrives at `to`. */
    async function barrier(to: Client[], room: string): Promise<void> {
      const event = `barrier-${Math.random()}`;
      await eventually(() => live.emit([room], event, {}), event, to);
    }

    beforeEach(async () => {
      running = await Promise.all(Array.from({ length: servers }, startServer));
      fixture = await makeLive(running.map((s) => s.io));
      live = fixture.publisher;
    });
    afterEach(async () => {
      for (const c of clients.splice(0)) c.socket.disconnect();
      await Promise.all(running.map((s) => s.io.close()));
      await fixture.cleanup();
    });

    it("emits to the sockets in any of the rooms on every server, and to no one else", async () => {
      const inA = await track(everywhere(["order:a", "all"]));
      const inB = await track(everywhere(["user:b", "all"]));
      const neither = await track(everywhere(["all"]));
      const payload = { position: "42", doc: { _id: "a", items: [1, 2] } };
      await eventually(() => live.emit(["order:a", "user:b"], "order.updated", payload), "order.updated", [
        ...inA,
        ...inB,
      ]);
      await barrier([...inA, ...inB, ...neither], "all");
      for (const c of [...inA, ...inB]) expect(got(c, "order.updated")[0]).toEqual(payload);
      for (const c of neither) expect(got(c, "order.updated")).toEqual([]);
    });

    it("never turns an empty room list into a broadcast", async () => {
      const everyone = await track(everywhere(["all"]));
      live.emit([], "nobody", {});
      live.disconnectSockets([]);
      live.socketsJoin([], ["joined"]);
      await barrier(everyone, "all");
      for (const c of everyone) {
        expect(got(c, "nobody")).toEqual([]);
        expect(c.socket.connected).toBe(true);
      }
      live.emit(["joined"], "should-not-arrive", {});
      await barrier(everyone, "all");
      for (const c of everyone) expect(got(c, "should-not-arrive")).toEqual([]);
    });

    it("joins and leaves rooms for the sockets in given rooms on every server", async () => {
      const users = await track(everywhere(["user:1", "all"]));
      const others = await track(everywhere(["user:2", "all"]));
      live.socketsJoin(["user:1"], ["role:delivery", "role:admin"]);
      await eventually(() => live.emit(["role:admin"], "admin.only", {}), "admin.only", users);
      await barrier([...users, ...others], "all");
      for (const c of others) expect(got(c, "admin.only")).toEqual([]);

      live.socketsLeave(["user:1"], ["role:admin"]);
      await barrier(users, "all");
      const before = users.map((c) => got(c, "admin.only").length);
      live.emit(["role:admin"], "admin.only", {});
      await eventually(() => live.emit(["role:delivery"], "delivery", {}), "delivery", users);
      await barrier(users, "all");
      expect(users.map((c) => got(c, "admin.only").length)).toEqual(before);
    });

    it("disconnects the sockets in given rooms on every server", async () => {
      const session = await track(everywhere(["session:x", "all"]));
      const others = await track(everywhere(["session:y", "all"]));
      const deadline = Date.now() + 3000;
      while (session.some((c) => c.socket.connected)) {
        if (Date.now() > deadline) throw new Error("sockets were not disconnected");
        live.disconnectSockets(["session:x"]);
        await sleep(50);
      }
      await barrier(others, "all");
      for (const c of others) expect(c.socket.connected).toBe(true);
    });
  });
}
