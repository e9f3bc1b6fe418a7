import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Streams, systemActor } from "@shop/contracts";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import type { EventStore } from "../ports/eventStore.ts";
import { loadUserState } from "./session.ts";

const metadata = () => ({
  schemaVersion: 1,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: systemActor("test"),
});

describe("a user's state read on every request", () => {
  let dir: string;
  let store: EventStore;
  /** Events handed out by readStream, counted. */
  let eventsRead = 0;
  const userId = randomUUID();
  const at = new Date().toISOString();

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "shop-session-"));
    const inner = createSqliteEventStore({ file: join(dir, "events.db") });
    eventsRead = 0;
    store = {
      ...inner,
      readStream: async (stream, opts) => {
        const events = await inner.readStream(stream, opts);
        eventsRead += events.length;
        return events;
      },
    };
    await store.appendToStream(
      Streams.user(userId),
      [
        {
          type: "UserRegistered",
          data: {
            userId,
            name: "Asha",
            email: "asha@example.com",
            contact: "9876543210",
            address: "Pune",
            accType: 2,
            credentialId: randomUUID(),
            registeredAt: at,
          },
          metadata: metadata(),
        },
      ],
      { expectedRevision: "no_stream" },
    );
  });
  afterEach(async () => {
    vi.useRealTimers();
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const update = (n: number) =>
    store.appendToStream(
      Streams.user(userId),
      Array.from({ length: n }, (_, i) => ({
        type: "UserProfileUpdated",
        data: { userId, address: `House ${i + 1}, Pune`, updatedAt: at },
        metadata: metadata(),
      })),
      { expectedRevision: "any" },
    );

  it("costs the same for a user with a long history: only the stream's new events are read", async () => {
    await update(2_000);
    const first = await loadUserState(store, userId);
    expect(first).toMatchObject({ status: "registered", address: "House 2000, Pune", accType: 2 });
    eventsRead = 0;
    for (let i = 0; i < 5; i++) await loadUserState(store, userId);
    expect(eventsRead).toBe(0);
  });

  it("sees a role change at once, on the very next read", async () => {
    expect(await loadUserState(store, userId)).toMatchObject({ accType: 2 });
    await store.appendToStream(
      Streams.user(userId),
      [{ type: "UserRoleChanged", data: { userId, from: 2, to: 3, changedAt: at }, metadata: metadata() }],
      { expectedRevision: "any" },
    );
    eventsRead = 0;
    expect(await loadUserState(store, userId)).toMatchObject({ accType: 3 });
    expect(eventsRead).toBe(1);
  });

  it("folds the whole stream again after a minute, and knows no one with no stream", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    await loadUserState(store, userId);
    vi.setSystemTime(Date.now() + 61_000);
    eventsRead = 0;
    expect(await loadUserState(store, userId)).toMatchObject({ status: "registered", name: "Asha" });
    expect(eventsRead).toBe(1);
    expect(await loadUserState(store, randomUUID())).toEqual({ status: "none" });
  });
});
