import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { rooms, Streams } from "@shop/contracts";
import {
  createLogger,
  createSessionTokens,
  createSqliteSecretStore,
  type EventStore,
  type SecretStore,
} from "@shop/platform";
import { issueSession, revokedKey } from "@shop/platform/http";
import { login, signupCustomer, startTestShop, type TestShop } from "@shop/standalone";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryApiDeps } from "../deps.ts";
import { createLiveServer } from "./liveServer.ts";

/**
 * The handshake reads the session (the revocation list, then the user's stream) and only then joins
 * the user's rooms. On the production profile each read is a round trip (Redis, EventStoreDB), and
 * a logout or a demotion made on command-api meanwhile sends its "disconnect the session's (or
 * user's) sockets" through Redis to a socket that is in none of those rooms yet: it joined them a
 * moment later and stayed, hearing the account's orders (names, addresses, phone numbers) until its
 * token's expiry, up to 7 days. A stolen token that keeps opening sockets outlives its owner's
 * logout; a demoted rider keeps every customer's orders coming. Here the user's stream read of one
 * handshake is held while the logout (or demotion) happens, as a slow read would hold it.
 */
describe("live: a logout or demotion during a socket's handshake", () => {
  let shop: TestShop;
  let dir: string;
  let secrets: SecretStore;
  let http: Server;
  let url: string;
  let live: ReturnType<typeof createLiveServer>;
  const tokens = createSessionTokens({ secret: "handshake-race-secret-".padEnd(40, "x") });
  /** The next read of this stream waits until `release` is called, then answers what it read at first. */
  const held: { stream?: string; reached?: () => void; release?: Promise<void> } = {};
  const sockets: Socket[] = [];

  beforeAll(async () => {
    shop = await startTestShop();
    dir = mkdtempSync(join(tmpdir(), "handshake-race-"));
    secrets = createSqliteSecretStore({ file: join(dir, "secrets.db") });
    const events: EventStore = Object.create(shop.events, {
      readStream: {
        value: async (stream: string, opts?: { fromRevision?: number }) => {
          const answer = await shop.events.readStream(stream, opts);
          if (held.stream === stream && held.release) {
            const release = held.release;
            held.stream = undefined;
            held.reached?.();
            await release;
          }
          return answer;
        },
      },
    });
    http = createServer();
    const deps = { events, secrets, tokens, logger: createLogger({ level: "silent" }), readWaitMs: 0 };
    live = createLiveServer(http, deps as unknown as QueryApiDeps);
    await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await live.close();
    await shop.destroy();
    rmSync(dir, { recursive: true, force: true });
  });

  /** Opens a socket whose handshake's read of `userId`'s stream waits until `during` has run. */
  const connectHolding = async (token: string, userId: string, during: () => Promise<void>) => {
    let release = () => {};
    const reached = new Promise<void>((resolve) => {
      held.reached = resolve;
    });
    held.release = new Promise<void>((resolve) => {
      release = resolve;
    });
    held.stream = Streams.user(userId);
    const socket = io(url, {
      path: "/socket.io",
      transports: ["websocket"],
      auth: { token },
      reconnection: false,
    });
    sockets.push(socket);
    const connected = new Promise<void>((resolve, reject) => {
      socket.once("connect", resolve);
      socket.once("connect_error", reject);
    });
    await reached;
    await during();
    release();
    await connected;
    // Long enough for a check made after the joins, and for a disconnect to arrive.
    await new Promise((r) => setTimeout(r, 300));
    return socket;
  };

  it("closes a socket whose session was logged out while its handshake read the session", async () => {
    const customer = await signupCustomer(shop.url, "Stolen Token");
    const session = await issueSession({ secrets, tokens }, customer.user.id);
    const socket = await connectHolding(session.token, customer.user.id, async () => {
      // What POST /api/auth/logout does: revoke, then disconnect the session's sockets everywhere.
      await secrets.set(revokedKey(session.tokenId), "1", 60_000);
      live.in(rooms.session(session.tokenId)).disconnectSockets(true);
    });
    expect(socket.connected, "the logged-out session's socket is still connected").toBe(false);
  });

  it("closes a socket whose user was demoted while its handshake read the user's role", async () => {
    const admin = await login(shop.url, "admin@example.com", "admin-pass-1");
    const rider = await signupCustomer(shop.url, "Demoted Rider");
    expect((await admin.api.put(`/api/users/${rider.user.id}/role`, { accType: 2 })).status).toBe(200);
    const session = await issueSession({ secrets, tokens }, rider.user.id);
    const socket = await connectHolding(session.token, rider.user.id, async () => {
      // What PUT /api/users/:id/role does on a demotion: the event, then disconnect the user's sockets.
      expect((await admin.api.put(`/api/users/${rider.user.id}/role`, { accType: 3 })).status).toBe(200);
      live.in(rooms.user(rider.user.id)).disconnectSockets(true);
    });
    const inDeliveryRoom = (await live.in(rooms.delivery).fetchSockets()).length;
    expect({ connected: socket.connected, inDeliveryRoom }).toEqual({ connected: false, inDeliveryRoom: 0 });
  });
});
