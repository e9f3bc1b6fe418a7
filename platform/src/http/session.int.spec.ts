import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AccType, CURRENT_SCHEMA_VERSION, Streams, systemActor } from "@shop/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createSessionTokens } from "../auth/sessionTokens.ts";
import { createSqliteEventStore } from "../eventStore/sqliteEventStore.ts";
import type { EventStore } from "../ports/eventStore.ts";
import type { SecretStore } from "../ports/secrets.ts";
import { createSqliteSecretStore } from "../secrets/sqliteSecretStore.ts";
import {
  currentUserState,
  issueSession,
  loadUserState,
  resolveSession,
  revokedKey,
  SESSION_GENERATION_KEY,
} from "./session.ts";

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

describe("resolveSession and the secret store's session generation", () => {
  let dir: string;
  let events: EventStore;
  let secrets: SecretStore;
  const tokens = createSessionTokens({ secret: "s".repeat(43) });
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "shop-session-gen-"));
    events = createSqliteEventStore({ file: join(dir, "events.db") });
    secrets = createSqliteSecretStore({ file: join(dir, "secrets.db") });
  });
  afterEach(async () => {
    await secrets.close();
    await events.close();
    await rm(dir, { recursive: true, force: true });
  });

  const registered = async () => {
    const userId = randomUUID();
    await events.appendToStream(
      Streams.user(userId),
      [
        {
          type: "UserRegistered",
          data: {
            userId,
            name: "Ravi",
            email: `${userId}@example.com`,
            contact: "+91 98765 43210",
            address: "4 Park Street, Kolkata",
            accType: AccType.CUSTOMER,
            credentialId: randomUUID(),
            registeredAt: "2026-11-28T09:00:00.000Z",
          },
          metadata: meta("UserRegistered"),
        },
      ],
      { expectedRevision: "no_stream" },
    );
    return userId;
  };
  const deps = () => ({ tokens, secrets, events });

  it("accepts a token of the store's generation until it is logged out", async () => {
    const userId = await registered();
    const [a, b] = await Promise.all([issueSession(deps(), userId), issueSession(deps(), userId)]);
    expect(await resolveSession(deps(), a.token)).toMatchObject({ userId, tokenId: a.tokenId });
    expect(await resolveSession(deps(), b.token)).toMatchObject({ userId, tokenId: b.tokenId });
    await secrets.set(revokedKey(a.tokenId), "1", 60_000);
    expect(await resolveSession(deps(), a.token)).toBeNull();
    expect(await resolveSession(deps(), b.token)).not.toBeNull();
  });

  it("refuses a token of no generation or of another", async () => {
    const userId = await registered();
    await issueSession(deps(), userId);
    expect(await resolveSession(deps(), (await tokens.issue(userId)).token)).toBeNull();
    expect(await resolveSession(deps(), (await tokens.issue(userId, randomUUID())).token)).toBeNull();
  });

  it("refuses every earlier token once the store has lost its data, and lets a new one in", async () => {
    const userId = await registered();
    const before = await issueSession(deps(), userId);
    const loggedOut = await issueSession(deps(), userId);
    await secrets.set(revokedKey(loggedOut.tokenId), "1", 60_000);
    // The loss: the denylist and the generation are gone together.
    await secrets.delete(revokedKey(loggedOut.tokenId));
    await secrets.delete(SESSION_GENERATION_KEY);
    expect(await resolveSession(deps(), loggedOut.token)).toBeNull();
    expect(await resolveSession(deps(), before.token)).toBeNull();
    const after = await issueSession(deps(), userId);
    expect(await resolveSession(deps(), after.token)).toMatchObject({ userId });
    expect(await resolveSession(deps(), before.token)).toBeNull();
  });
});
