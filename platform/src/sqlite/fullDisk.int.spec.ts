import { randomUUID } from "node:crypto";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { createSqliteCredentialStore } from "../secrets/sqliteCredentialStore.ts";
import { createSqliteSecretStore } from "../secrets/sqliteSecretStore.ts";
import { emptyWal, mountSmallDisk, type SmallDisk } from "../testing/smallDisk.ts";
import { openSqlite } from "./openSqlite.ts";

const mounted = mountSmallDisk();
const disk: SmallDisk | null = "unavailable" in mounted ? null : mounted;
if ("unavailable" in mounted)
  console.log(`[skipped] the embedded stores on a full disk: ${mounted.unavailable}`);

const rejection = async (call: Promise<unknown>) => {
  try {
    await call;
    return null;
  } catch (error) {
    return error;
  }
};

/**
 * A disk that fills up under the embedded stores (found by a probe of the running shop: every
 * command answered 500, and a minute later the secret store's purge timer threw and ended the
 * process). A full disk is an outage: StoreUnavailableError (503 with Retry-After), nothing
 * written, no process ended, and everything works again once there is room.
 */
describe.skipIf(disk === null)("the embedded stores on a full disk (a tmpfs of the suite's own)", () => {
  const uncaught: unknown[] = [];
  const onUncaught = (error: unknown) => uncaught.push(error);
  beforeAll(() => {
    process.on("uncaughtException", onUncaught);
  });
  afterAll(() => {
    process.off("uncaughtException", onUncaught);
    disk?.destroy();
  });

  it("the secret store's purge timer, with an expired row to delete, does not end the process", async () => {
    const file = join(disk!.dir, "purge.db");
    const secrets = createSqliteSecretStore({ file, purgeEveryMs: 50 });
    try {
      await secrets.set("expires-at-once", "x", 1);
      await new Promise((r) => setTimeout(r, 20));
      await emptyWal(file);
      disk!.fill();
      // Eight purges or so, each with a row to delete and no room to delete it in.
      await new Promise((r) => setTimeout(r, 400));
      expect(uncaught).toEqual([]);
      disk!.free();
      await new Promise((r) => setTimeout(r, 100));
      expect(await secrets.ttl("expires-at-once")).toBeNull();
    } finally {
      disk!.free();
      await secrets.close();
    }
  });

  it("the secret and credential stores answer StoreUnavailableError and write nothing (no count answered and lost), then work again", async () => {
    const file = join(disk!.dir, "secrets.db");
    const secrets = createSqliteSecretStore({ file });
    const credentials = createSqliteCredentialStore({ file });
    try {
      await secrets.set("kept", "before", 60_000);
      await emptyWal(file);
      disk!.fill();

      const calls = {
        "a revocation": () => secrets.set("revoked:t1", "1", 60_000),
        "a note": () => secrets.set("note", "1", 60_000, { durability: "crash" }),
        "a counter": () => secrets.incr("rate:login", 60_000),
        "a password hash": () => credentials.put("cred-1", "hash"),
      };
      for (const [what, call] of Object.entries(calls))
        expect(await rejection(call()), what).toBeInstanceOf(StoreUnavailableError);
      // Reads need no room.
      expect(await secrets.get("kept")).toBe("before");

      disk!.free();
      expect(await secrets.get("revoked:t1")).toBeNull();
      expect(await secrets.get("note")).toBeNull();
      expect(await credentials.get("cred-1")).toBeNull();
      expect(await secrets.incr("rate:login", 60_000)).toBe(1);
      expect(await secrets.incr("rate:login", 60_000)).toBe(2);
      await secrets.set("revoked:t1", "1", 60_000);
      await credentials.put("cred-1", "hash");
      expect(await secrets.get("revoked:t1")).toBe("1");
      expect(await credentials.get("cred-1")).toBe("hash");
    } finally {
      disk!.free();
      await secrets.close();
      await credentials.close();
    }
  });

  it("a database that cannot be opened on a full disk is named, with the disk's state, for the operator", async () => {
    const file = join(disk!.dir, "boot", "events.db");
    disk!.fill();
    try {
      expect(() => openSqlite(file)).toThrow(
        new RegExp(
          `cannot open ${file}: .*the disk under .* is full: \\d+ bytes free; make room and start again`,
        ),
      );
    } finally {
      disk!.free();
    }
    openSqlite(file).close();
  });

  it("the event store answers an append StoreUnavailableError, appends nothing, and appends once there is room", async () => {
    const file = join(disk!.dir, "events.db");
    const store = createSqliteEventStore({ file });
    const event = (n: number) => ({
      type: "Noted",
      data: { n },
      metadata: {
        schemaVersion: 1,
        correlationId: randomUUID(),
        causationId: randomUUID(),
        actor: { kind: "system" as const, name: "full-disk test" },
      },
    });
    try {
      await store.appendToStream("note-1", [event(1)], { expectedRevision: "no_stream" });
      await emptyWal(file);
      disk!.fill();

      const failed = await rejection(
        store.appendToStream("note-1", [event(2), event(3)], { expectedRevision: 0 }),
      );
      expect(failed).toBeInstanceOf(StoreUnavailableError);
      expect((await store.readStream("note-1")).map((e) => e.revision)).toEqual([0]);
      expect(await store.headPosition()).toBe("1");

      disk!.free();
      const { nextExpectedRevision } = await store.appendToStream("note-1", [event(2), event(3)], {
        expectedRevision: 0,
      });
      expect(nextExpectedRevision).toBe(2);
      expect((await store.readStream("note-1")).map((e) => (e.data as { n: number }).n)).toEqual([1, 2, 3]);
      expect(uncaught).toEqual([]);
    } finally {
      disk!.free();
      await store.close();
    }
  });
});
