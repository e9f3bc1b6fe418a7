import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EventStore } from "../ports/eventStore.ts";
import { eventStoreConformance } from "./eventStore.conformance.ts";
import { createSqliteEventStore } from "./sqliteEventStore.ts";

async function fixture() {
  const dir = await mkdtemp(join(tmpdir(), "shop-events-"));
  const file = join(dir, "events.db");
  let store: EventStore = createSqliteEventStore({ file });
  return {
    dir,
    file,
    get store() {
      return store;
    },
    async reopen() {
      await store.close();
      store = createSqliteEventStore({ file });
      return store;
    },
    async cleanup() {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

eventStoreConformance("sqlite", fixture);

const metadata = {
  schemaVersion: 1,
  correlationId: "00000000-0000-4000-8000-000000000001",
  causationId: "00000000-0000-4000-8000-000000000001",
  actor: { kind: "system" as const, name: "test" },
};

describe("sqlite event store", () => {
  it("pages through a backlog larger than a page, then reaches a later append", async () => {
    const f = await fixture();
    const store = createSqliteEventStore({ file: f.file, pageSize: 10 });
    try {
      for (let i = 0; i < 5; i++) {
        const events = Array.from({ length: 10 }, () => ({ type: "E", data: { i }, metadata }));
        await f.store.appendToStream(`s-${i}`, events, { expectedRevision: "no_stream" });
      }
      const iterator = store.subscribeToAll()[Symbol.asyncIterator]();
      const first = await iterator.next();
      expect(first.value?.position).toBe("1");
      await f.store.appendToStream("s-late", [{ type: "Late", data: {}, metadata }], {
        expectedRevision: "any",
      });
      const types: string[] = [];
      for (let i = 0; i < 50; i++) types.push((await iterator.next()).value?.type ?? "");
      expect(types.at(-1)).toBe("Late");
      await iterator.return?.();
    } finally {
      await store.close();
      await f.cleanup();
    }
  });

  it("sees appends made through another connection to the same file by polling", async () => {
    const f = await fixture();
    const other = createSqliteEventStore({ file: f.file, pollMs: 20 });
    const controller = new AbortController();
    try {
      const iterator = other.subscribeToAll({ signal: controller.signal })[Symbol.asyncIterator]();
      const next = iterator.next();
      await f.store.appendToStream("x-1", [{ type: "Elsewhere", data: {}, metadata }], {
        expectedRevision: "any",
      });
      expect((await next).value?.type).toBe("Elsewhere");
      controller.abort();
      expect((await iterator.next()).done).toBe(true);
    } finally {
      await other.close();
      await f.cleanup();
    }
  });

  it("ends its subscriptions when closed", async () => {
    const f = await fixture();
    const iterator = f.store.subscribeToAll()[Symbol.asyncIterator]();
    const next = iterator.next();
    await f.store.close();
    await expect(next).resolves.toMatchObject({ done: true });
    await f.cleanup();
  });

  it("refuses work after close", async () => {
    const f = await fixture();
    await f.store.close();
    await expect(f.store.headPosition()).rejects.toMatchObject({ name: "StoreUnavailableError" });
    await f.cleanup();
  });
});
