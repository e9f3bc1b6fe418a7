import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AccType, CURRENT_SCHEMA_VERSION, Streams, systemActor } from "@shop/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import type { EventStore } from "../ports/eventStore.ts";
import { currentUserState, loadUserState } from "./session.ts";

const meta = (type: string) => ({
  schemaVersion: CURRENT_SCHEMA_VERSION(type),
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: systemActor("session spec"),
});

describe("currentUserState (the session's view of a user, kept between requests)", () => {
  let dir: string;
  let store: EventStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "shop-session-"));
    store = createSqliteEventStore({ file: join(dir, "events.db") });
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  const register = (userId: string) =>
    store.appendToStream(
      Streams.user(userId),
      [
        {
          type: "UserRegistered",
          data: {
            userId,
            name: "Asha",
            email: `${userId}@example.com`,
            contact: "+91 98765 43210",
            address: "12 MG Road, Pune",
            accType: AccType.CUSTOMER,
            credentialId: randomUUID(),
            registeredAt: "2026-11-26T09:00:00.000Z",
          },
          metadata: meta("UserRegistered"),
        },
      ],
      { expectedRevision: "no_stream" },
    );

  it("sees every event appended after an earlier read, as a full read of the stream does", async () => {
    const userId = randomUUID();
    expect((await currentUserState(store, userId)).status).toBe("none");
    await register(userId);
    expect(await currentUserState(store, userId)).toMatchObject({
      status: "registered",
      accType: AccType.CUSTOMER,
    });

    await store.appendToStream(
      Streams.user(userId),
      [
        {
          type: "UserRoleChanged",
          data: { userId, from: AccType.CUSTOMER, to: AccType.ADMIN, changedAt: "2026-11-26T09:01:00.000Z" },
          metadata: meta("UserRoleChanged"),
        },
      ],
      { expectedRevision: 0 },
    );
    expect(await currentUserState(store, userId)).toMatchObject({ accType: AccType.ADMIN });

    await store.appendToStream(
      Streams.user(userId),
      [
        {
          type: "UserProfileUpdated",
          data: { userId, name: "Asha K", updatedAt: "2026-11-26T09:01:30.000Z" },
          metadata: meta("UserProfileUpdated"),
        },
        {
          type: "UserRoleChanged",
          data: { userId, from: AccType.ADMIN, to: AccType.CUSTOMER, changedAt: "2026-11-26T09:02:00.000Z" },
          metadata: meta("UserRoleChanged"),
        },
      ],
      { expectedRevision: 1 },
    );
    const state = await currentUserState(store, userId);
    expect(state).toMatchObject({ name: "Asha K", accType: AccType.CUSTOMER });
    expect(state).toEqual(await loadUserState(store, userId));
  });

  it("keeps users apart, and stores apart", async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    await register(a);
    expect((await currentUserState(store, a)).status).toBe("registered");
    expect((await currentUserState(store, b)).status).toBe("none");

    const other = createSqliteEventStore({ file: join(dir, "other.db") });
    try {
      expect((await currentUserState(other, a)).status).toBe("none");
    } finally {
      await other.close();
    }
  });
});
