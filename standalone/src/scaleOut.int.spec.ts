import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createSqliteEventStore, type EventStore, loadConfig, type RunningService } from "@shop/platform";
import { deleteKeys, REDIS_URL, requireRedis, runPrefix } from "@shop/platform/testing";
import { startProjectorService } from "@shop/projector";
import { startQueryApiService } from "@shop/query-api";
import { io, type Socket } from "socket.io-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

/**
 * Scale-out on the real Redis (ARCHITECTURE §3, §7): two query-api instances with the socket.io
 * Redis adapter, and a projector that announces through the Redis emitter. A live event reaches
 * the sockets of both instances; a second projector waits on the lock until the first stops.
 */
describe("two query-api instances and the projector on Redis", () => {
  const prefix = `${runPrefix("live-scale")}:`;
  const dataDir = mkdtempSync(join(tmpdir(), "live-scale-"));
  const config = loadConfig({ PORT: "0", DATA_DIR: dataDir, REDIS_URL, LOG_LEVEL: "silent" });
  const options = { redisPrefix: prefix, leaderTtlMs: 600 };
  let queries: RunningService[] = [];
  let projector: Awaited<ReturnType<typeof startProjectorService>>;
  let standby: Awaited<ReturnType<typeof startProjectorService>> | undefined;
  let log: EventStore;
  const sockets: Socket[] = [];

  beforeAll(async () => {
    await requireRedis();
    // The services share the event log (SQLite in one folder: polled across instances) and Redis.
    log = createSqliteEventStore({ file: join(dataDir, "events.db") });
    projector = await startProjectorService(config, options);
    queries = [await startQueryApiService(config, options), await startQueryApiService(config, options)];
    for (const q of queries) {
      const socket = io(q.url, { transports: ["websocket"], reconnection: false });
      await new Promise<void>((resolve, reject) => {
        socket.once("connect", resolve);
        socket.once("connect_error", reject);
      });
      sockets.push(socket);
    }
  });
  afterAll(async () => {
    for (const s of sockets) s.close();
    await Promise.allSettled([...queries.map((q) => q.close()), projector?.close(), standby?.close()]);
    await log?.close();
    await deleteKeys(prefix);
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("delivers the projector's notification to the clients of both instances", async () => {
    await expect.poll(() => projector.role(), { timeout: 5000 }).toBe("leader");
    const schoolId = randomUUID();
    const heard = sockets.map(
      (socket) =>
        new Promise<{ kind: string; id: string }>((resolve) => {
          socket.on("catalogue.updated", (payload: { kind: string; id: string }) => {
            if (payload.id === schoolId) resolve(payload);
          });
        }),
    );
    await log.appendToStream(
      `school-${schoolId}`,
      [
        {
          type: "SchoolRegistered",
          data: {
            schoolId,
            name: "Scale-out Public School",
            imageUrl: "/media/schools/scale.png",
            location: "1 Test Road",
            area: "Jayanagar",
            district: "Bengaluru Urban",
            state: "Karnataka",
            pincode: 560041,
            board: "CBSE",
            medium: "English",
          },
          metadata: {
            schemaVersion: 1,
            correlationId: schoolId,
            causationId: schoolId,
            actor: { kind: "system", name: "test" },
          },
        },
      ],
      { expectedRevision: "no_stream" },
    );
    const payloads = await Promise.race([
      Promise.all(heard),
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new Error("not heard on both instances")), 8000),
      ),
    ]);
    expect(payloads).toEqual([
      expect.objectContaining({ kind: "school", id: schoolId }),
      expect.objectContaining({ kind: "school", id: schoolId }),
    ]);
  });

  it("keeps a second projector waiting on the lock until the leader stops", async () => {
    standby = await startProjectorService(config, options);
    await new Promise((r) => setTimeout(r, 800));
    expect(standby.role()).toBe("standby");
    const ready = await fetch(`${standby.url}/readyz`);
    expect(await ready.json()).toEqual({ status: "standby" });
    await projector.close();
    await expect.poll(() => standby?.role(), { timeout: 5000 }).toBe("leader");
  });
});
