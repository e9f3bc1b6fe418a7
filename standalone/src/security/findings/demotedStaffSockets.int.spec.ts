import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startCommandApiService } from "@shop/command-api";
import { createSqliteEventStore, type EventStore, loadConfig, type RunningService } from "@shop/platform";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "@shop/platform/testing";
import { startQueryApiService } from "@shop/query-api";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { client, signupCustomer } from "../../testing/client.ts";
import { startTestShop, type TestShop } from "../../testing/testShop.ts";
import { anyProduct, seedAdminToken } from "../fixtures.ts";
import { reportFinding } from "./report.ts";

const connect = (url: string, token: string) =>
  new Promise<Socket>((resolve, reject) => {
    const socket = io(url, { transports: ["websocket"], reconnection: false, auth: { token } });
    socket.once("connect", () => resolve(socket));
    socket.once("connect_error", reject);
  });

const heard = (socket: Socket, event: string, orderId: string, ms: number) =>
  new Promise<boolean>((resolve) => {
    const timer = setTimeout(() => resolve(false), ms);
    socket.on(event, (msg: { order?: { id?: string } }) => {
      if (msg.order?.id === orderId) {
        clearTimeout(timer);
        resolve(true);
      }
    });
  });

describe("finding 5: demoted staff keep their role on open sockets", () => {
  let shop: TestShop;
  let adminToken = "";
  beforeAll(async () => {
    shop = await startTestShop();
    adminToken = await seedAdminToken(shop);
  });
  afterAll(() => shop.destroy());

  it("a demoted admin's open socket stops hearing the orders it watched and may not watch new ones", async () => {
    const admin = client(shop.url, adminToken);
    const product = await anyProduct(shop);
    const victim = await signupCustomer(shop.url, "Victim Customer");
    const place = async () => {
      const orderId = randomUUID();
      const res = await victim.api.post("/api/orders", {
        orderId,
        items: [{ productId: product.id, quantity: 1 }],
        shippingAddress: "Pune",
      });
      expect(res.status).toBe(201);
      return orderId;
    };
    const watched = await place();
    const later = await place();

    const staff = await signupCustomer(shop.url, "Soon Demoted");
    expect((await admin.put(`/api/users/${staff.user.id}/role`, { accType: 1 })).status).toBe(200);
    const socket = await connect(shop.url, staff.token);
    expect(await socket.emitWithAck("order.watch", { orderId: watched })).toEqual({ ok: true });
    const control = await connect(shop.url, adminToken);
    expect(await control.emitWithAck("order.watch", { orderId: watched })).toEqual({ ok: true });

    const demoted = await admin.put(`/api/users/${staff.user.id}/role`, { accType: 3 });
    expect(demoted.status).toBe(200);
    await new Promise((r) => setTimeout(r, 300));

    const watchLater = socket.connected
      ? ((await socket.timeout(3000).emitWithAck("order.watch", { orderId: later })) as { ok: boolean })
      : { ok: false, disconnected: true };
    const staffHears = heard(socket, "order.updated", watched, 2000);
    const controlHears = heard(control, "order.updated", watched, 5000);
    expect((await admin.put(`/api/orders/${watched}/status`, { status: 2 })).status).toBe(200);
    const [staffHeard, controlHeard] = await Promise.all([staffHears, controlHears]);
    const open = socket.connected;
    socket.close();
    control.close();

    expect(controlHeard).toBe(true);
    expect(staffHeard).toBe(false);
    expect(watchLater.ok).toBe(false);
    reportFinding(
      "5 demoted staff sockets",
      "promote, open a socket, watch a customer's order, get demoted to customer, keep the socket",
      `after demotion: socket ${open ? "open" : "disconnected"}, order.watch ok=${watchLater.ok}, hears the watched order's update: ${staffHeard} (a current admin does: ${controlHeard})`,
    );
  });

  it("order.watch reads the role now: a demotion whose disconnect never arrived still refuses the watch", async () => {
    const admin = client(shop.url, adminToken);
    const product = await anyProduct(shop);
    const victim = await signupCustomer(shop.url, "Victim Customer");
    const orderId = randomUUID();
    await victim.api.post("/api/orders", {
      orderId,
      items: [{ productId: product.id, quantity: 1 }],
      shippingAddress: "Pune",
    });
    const staff = await signupCustomer(shop.url, "Demoted Elsewhere");
    expect((await admin.put(`/api/users/${staff.user.id}/role`, { accType: 2 })).status).toBe(200);
    const socket = await connect(shop.url, staff.token);
    // The demotion as another instance would append it: this instance never hears a disconnect.
    const stream = `user-${staff.user.id}`;
    const revision = (await shop.events.readStream(stream)).length - 1;
    await shop.events.appendToStream(
      stream,
      [
        {
          type: "UserRoleChanged",
          data: { userId: staff.user.id, from: 2, to: 3, changedAt: new Date().toISOString() },
          metadata: {
            schemaVersion: 1,
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor: { kind: "system", name: "security-test" },
          },
        },
      ],
      { expectedRevision: revision },
    );
    const answer = await socket.emitWithAck("order.watch", { orderId });
    socket.close();
    expect(answer).toEqual({ ok: false, error: "forbidden" });
    reportFinding(
      "5 demoted staff sockets",
      "a rider's socket, demoted on another instance (no disconnect arrives), watches a customer's order",
      `order.watch ${JSON.stringify(answer)}`,
    );
  });
});

/**
 * Finding 5 on the gateway profile: command-api demotes a rider whose sockets are open on two
 * query-api instances; the disconnect travels through Redis (the socket.io adapter) to both.
 */
describe("finding 5: a demotion reaches the user's sockets on every query-api instance", () => {
  const prefix = `${runPrefix("demote")}:`;
  const dataDir = mkdtempSync(join(tmpdir(), "demote-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, REDIS_URL, LOG_LEVEL: "silent" });
  const options = { redisPrefix: prefix };
  let command: RunningService;
  let queries: RunningService[] = [];
  let log: EventStore;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await requireRedis();
    log = createSqliteEventStore({ file: join(dataDir, "events.db") });
    command = await startCommandApiService(config, options);
    queries = [await startQueryApiService(config, options), await startQueryApiService(config, options)];
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.allSettled([command?.close(), ...queries.map((q) => q.close())]);
    await log?.close();
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  const signup = async (name: string) => {
    const res = await client(command.url).post<{ token: string; user: { id: string } }>("/api/auth/signup", {
      name,
      email: `d.${randomUUID()}@example.com`,
      contact: "+91 90000 00000",
      password: "a-long-password",
      address: "Pune",
    });
    expect(res.status).toBe(201);
    return res.body;
  };
  /** The first admin, as `createUser` would make one: a role change appended to the log. */
  const makeAdmin = async (userId: string) => {
    const stream = `user-${userId}`;
    const revision = (await log.readStream(stream)).length - 1;
    await log.appendToStream(
      stream,
      [
        {
          type: "UserRoleChanged",
          data: { userId, from: 3, to: 1, changedAt: new Date().toISOString() },
          metadata: {
            schemaVersion: 1,
            correlationId: randomUUID(),
            causationId: randomUUID(),
            actor: { kind: "system", name: "security-test" },
          },
        },
      ],
      { expectedRevision: revision },
    );
  };

  it("disconnects the demoted rider on both instances", async () => {
    const admin = await signup("Cross Admin");
    await makeAdmin(admin.user.id);
    const rider = await signup("Cross Rider");
    const promoted = await client(command.url, admin.token).put(`/api/users/${rider.user.id}/role`, {
      accType: 2,
    });
    expect(promoted.status).toBe(200);
    for (const q of queries) {
      const socket = io(q.url, {
        transports: ["websocket"],
        reconnection: false,
        auth: { token: rider.token },
      });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      sockets.push(socket);
    }
    const closed = sockets.map(
      (socket) => new Promise<string>((resolve) => socket.once("disconnect", (reason) => resolve(reason))),
    );
    const demoted = await client(command.url, admin.token).put(`/api/users/${rider.user.id}/role`, {
      accType: 3,
    });
    expect(demoted.status).toBe(200);
    const reasons = await Promise.race([
      Promise.all(closed),
      new Promise<string[]>((resolve) =>
        setTimeout(() => resolve(sockets.map((s) => (s.connected ? "still open" : "closed"))), 5000),
      ),
    ]);
    expect(reasons).toEqual(["io server disconnect", "io server disconnect"]);
    reportFinding(
      "5 demoted staff sockets",
      "a rider with sockets on two query-api instances (Redis adapter) is demoted through command-api",
      `sockets: ${reasons.join(", ")}`,
    );
  });
});
