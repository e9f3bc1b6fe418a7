import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { systemActor } from "@shop/contracts";
import { createSqliteEventStore, type EventStore } from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { type CartCommand, cartDecider } from "../carts/decider.ts";
import { handleCommand } from "./handleCommand.ts";

const actor = systemActor("test");
const meta = () => ({ schemaVersion: 1, correlationId: randomUUID(), causationId: randomUUID(), actor });

describe("a command folds only the events its stream got since the last command", () => {
  const dirs: string[] = [];
  const stores: EventStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  /** A fresh SQLite store, and the same store noting the revision each stream read starts from. */
  const open = () => {
    const dir = mkdtempSync(join(tmpdir(), "stream-folds-"));
    dirs.push(dir);
    const inner = createSqliteEventStore({ file: join(dir, "events.db") });
    stores.push(inner);
    const reads: (number | undefined)[] = [];
    const store: EventStore = {
      ...inner,
      readStream: (s, o) => {
        reads.push(o?.fromRevision);
        return inner.readStream(s, o);
      },
    };
    return { inner, store, reads };
  };

  it("reads from the revision after the last folded event, sees other writers' appends, and still knows a retried command", async () => {
    const { inner, store, reads } = open();
    const userId = randomUUID();
    const productId = randomUUID();
    const stream = `cart-${userId}`;
    const add = (quantity: number): CartCommand => ({
      type: "AddCartItem",
      data: { userId, productId, quantity, productListed: true },
    });
    const ctx = (key?: string) => ({
      actor,
      correlationId: randomUUID(),
      ...(key !== undefined && { idempotencyKey: key }),
    });

    await handleCommand(store, stream, cartDecider, add(1), ctx("k1"));
    await handleCommand(store, stream, cartDecider, add(2), ctx("k2"));
    // Another writer (another instance) appends meanwhile.
    await inner.appendToStream(
      stream,
      [{ type: "CartItemAdded", data: { userId, productId, quantity: 4 }, metadata: meta() }],
      { expectedRevision: 1 },
    );
    const third = await handleCommand(store, stream, cartDecider, add(8), ctx("k3"));
    expect(third.state.lines.get(productId)).toBe(15);
    expect(third.appended).toHaveLength(1);
    // The first command retried with its key: already in the stream, a no-op.
    const retried = await handleCommand(store, stream, cartDecider, add(1), ctx("k1"));
    expect(retried.appended).toEqual([]);
    expect(retried.state.lines.get(productId)).toBe(15);
    expect(retried.position).toBe(await inner.headPosition());
    // The whole stream while it was empty, then only what followed the last event folded: a
    // command's own append is folded when it lands, so the next command reads after it (and
    // finds what others appended meanwhile).
    expect(reads).toEqual([undefined, 1, 2, 4]);
    expect((await inner.readStream(stream)).map((e) => (e.data as { quantity: number }).quantity)).toEqual([
      1, 2, 4, 8,
    ]);
  });

  it("decides first on the kept fold without reading; another writer's append, a refusal or a no-op is decided again on the stream read", async () => {
    const { inner, store, reads } = open();
    const userId = randomUUID();
    const [book, pen] = [randomUUID(), randomUUID()];
    const stream = `cart-${userId}`;
    const ctx = () => ({ actor, correlationId: randomUUID() });
    const handle = (command: CartCommand) => handleCommand(store, stream, cartDecider, command, ctx());
    const add = (productId: string, quantity: number): CartCommand => ({
      type: "AddCartItem",
      data: { userId, productId, quantity, productListed: true },
    });

    // This process's own commands: each decided on the fold its last append left, no read at all.
    await handle(add(book, 1));
    await handle(add(book, 2));
    expect(reads).toEqual([]);

    // Another writer adds a pen: the next command's append meets a later revision, so it is
    // decided again on the stream read after the kept fold, and nothing is lost.
    await inner.appendToStream(
      stream,
      [{ type: "CartItemAdded", data: { userId, productId: pen, quantity: 4 }, metadata: meta() }],
      { expectedRevision: 1 },
    );
    const third = await handle(add(book, 8));
    expect(third.state.lines.get(book)).toBe(11);
    expect(third.state.lines.get(pen)).toBe(4);
    expect(reads).toEqual([2]);

    // Another writer removes the pen; this process still keeps it. Changing its quantity is
    // refused only after the stream is read (404), and removing it is a no-op only then.
    await inner.appendToStream(
      stream,
      [{ type: "CartItemRemoved", data: { userId, productId: pen }, metadata: meta() }],
      { expectedRevision: 3 },
    );
    await expect(
      handle({ type: "ChangeCartQuantity", data: { userId, productId: pen, quantity: 5 } }),
    ).rejects.toMatchObject({ kind: "not_found" });
    const removed = await handle({ type: "RemoveCartItem", data: { userId, productId: pen } });
    expect(removed.appended).toEqual([]);
    expect(removed.state.lines.has(pen)).toBe(false);
    expect(removed.position).toBe(await inner.headPosition());
    expect((await inner.readStream(stream)).map((e) => e.type)).toEqual([
      "CartItemAdded",
      "CartItemAdded",
      "CartItemAdded",
      "CartItemAdded",
      "CartItemRemoved",
    ]);
  });
});
