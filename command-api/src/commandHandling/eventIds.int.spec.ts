import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Actor, systemActor } from "@shop/contracts";
import { createSqliteEventStore, type EventStore, StoreUnavailableError } from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { type CartCommand, cartDecider } from "../carts/decider.ts";
import { handleCommand } from "./handleCommand.ts";

/**
 * An event store whose next append commits and then loses its answer (the connection broke after
 * the write): the caller cannot tell whether the events are in the log.
 */
const losingAnswers = (inner: EventStore) => {
  let lose = 0;
  const store: EventStore = {
    ...inner,
    readStream: (s, o) => inner.readStream(s, o),
    subscribeToAll: (o) => inner.subscribeToAll(o),
    headPosition: () => inner.headPosition(),
    close: () => inner.close(),
    async appendToStream(stream, events, opts) {
      const result = await inner.appendToStream(stream, events, opts);
      if (lose > 0) {
        lose--;
        throw new StoreUnavailableError("connection lost before the answer");
      }
      return result;
    },
  };
  return { store, loseNext: (n = 1) => (lose = n) };
};

const userId = randomUUID();
const productId = randomUUID();
const add: CartCommand = {
  type: "AddCartItem",
  data: { userId, productId, quantity: 2, productListed: true },
};
const actor: Actor = systemActor("test");

describe("event ids are derived from the command, so a retry after an unknown outcome appends once", () => {
  const dirs: string[] = [];
  const stores: EventStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), "event-ids-"));
    dirs.push(dir);
    const inner = createSqliteEventStore({ file: join(dir, "events.db") });
    stores.push(inner);
    return { inner, ...losingAnswers(inner) };
  };

  it("the command's own retry of an append whose answer was lost writes nothing twice", async () => {
    const { inner, store, loseNext } = open();
    const stream = `cart-${userId}`;
    loseNext();
    const handled = await handleCommand(store, stream, cartDecider, add, {
      actor,
      correlationId: randomUUID(),
    });
    const log = await inner.readStream(stream);
    expect(log.map((e) => e.type)).toEqual(["CartItemAdded"]);
    expect(handled.appended.map((e) => e.id)).toEqual(log.map((e) => e.id));
  });

  it("a client's retry with the same Idempotency-Key after a lost answer is a no-op, not a second line", async () => {
    const { inner, store, loseNext } = open();
    const stream = `cart-${userId}`;
    const ctx = { actor, correlationId: randomUUID(), idempotencyKey: "add-1" };
    loseNext(3); // the first request gives up: every attempt loses its answer
    await expect(handleCommand(store, stream, cartDecider, add, ctx)).rejects.toBeInstanceOf(
      StoreUnavailableError,
    );
    const retried = await handleCommand(store, stream, cartDecider, add, {
      ...ctx,
      correlationId: randomUUID(),
    });
    expect(retried.appended).toEqual([]);
    const log = await inner.readStream(stream);
    expect(log.map((e) => e.data)).toEqual([{ userId, productId, quantity: 2 }]);
    // A new key is a new command.
    await handleCommand(store, stream, cartDecider, add, { ...ctx, idempotencyKey: "add-2" });
    expect(await inner.readStream(stream)).toHaveLength(2);
  });

  it("the same ids appended again at a later revision are refused by the SQLite store, as a conflict", async () => {
    const { inner } = open();
    const stream = `cart-${userId}`;
    const event = {
      id: randomUUID(),
      type: "CartItemAdded",
      data: { userId, productId, quantity: 1 },
      metadata: { schemaVersion: 1, correlationId: randomUUID(), causationId: randomUUID(), actor },
    };
    await inner.appendToStream(stream, [event], { expectedRevision: "no_stream" });
    // The identical append at the same expected revision: an idempotent success that writes nothing.
    expect(
      (await inner.appendToStream(stream, [event], { expectedRevision: "no_stream" })).nextExpectedRevision,
    ).toBe(0);
    await expect(inner.appendToStream(stream, [event], { expectedRevision: 0 })).rejects.toMatchObject({
      name: "WrongExpectedVersionError",
    });
    expect(await inner.readStream(stream)).toHaveLength(1);
  });
});
