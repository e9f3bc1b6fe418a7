import { randomUUID } from "node:crypto";
import { createServer } from "node:net";
import { describe, expect, it } from "vitest";
import type { EventStore, NewEvent } from "../ports/eventStore.ts";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { createEsdbEventStore } from "./esdbEventStore.ts";
import { eventStoreConformance } from "./eventStore.conformance.ts";

const url = process.env.EVENTSTORE_URL?.trim() || undefined;
if (!url) console.warn("skipped: no server (EVENTSTORE_URL unset) — EventStoreDB conformance not run");

describe.skipIf(!url)("EventStoreDB (EVENTSTORE_URL)", () => {
  eventStoreConformance("EventStoreDB", async () => {
    let store: EventStore = createEsdbEventStore({ url: url! });
    return {
      get store() {
        return store;
      },
      async reopen() {
        await store.close();
        store = createEsdbEventStore({ url: url! });
        return store;
      },
      cleanup: () => store.close(),
    };
  });
});

const event = (data: unknown): NewEvent => ({
  type: "Tested",
  data,
  metadata: {
    schemaVersion: 1,
    correlationId: randomUUID(),
    causationId: randomUUID(),
    actor: { kind: "system", name: "test" },
  },
});

/** A port nobody listens on: the client's behaviour against a dead server needs no server. */
async function deadUrl(): Promise<string> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as { port: number };
  await new Promise((resolve) => probe.close(resolve));
  return `esdb://127.0.0.1:${port}?tls=false`;
}

describe("EventStoreDB adapter without a server", () => {
  it("maps an unreachable server to StoreUnavailableError", async () => {
    const store = createEsdbEventStore({ url: await deadUrl() });
    try {
      const append = store.appendToStream(`test-${randomUUID()}`, [event({})], {
        expectedRevision: "no_stream",
      });
      await expect(append).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.readStream(`test-${randomUUID()}`)).rejects.toBeInstanceOf(StoreUnavailableError);
      await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
    } finally {
      await store.close();
    }
  });

  it("refuses payloads the client would crash on before sending them", async () => {
    const store = createEsdbEventStore({ url: await deadUrl() });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    try {
      const stream = `test-${randomUUID()}`;
      await expect(
        store.appendToStream(stream, [event({ n: 1n })], { expectedRevision: "any" }),
      ).rejects.toThrow(TypeError);
      await expect(
        store.appendToStream(stream, [event(circular)], { expectedRevision: "any" }),
      ).rejects.toThrow(TypeError);
      await expect(store.appendToStream(stream, [event({})], { expectedRevision: -1 })).rejects.toThrow(
        RangeError,
      );
    } finally {
      await store.close();
    }
  });

  it("resubscribes with backoff after a drop, and ends cleanly on abort", async () => {
    const drops: Array<{ attempt: number; delay: number }> = [];
    const store = createEsdbEventStore({
      url: await deadUrl(),
      resubscribe: { minMs: 10, maxMs: 40 },
      onSubscriptionDrop: (_error, attempt, delay) => drops.push({ attempt, delay }),
    });
    const controller = new AbortController();
    try {
      const iterator = store.subscribeToAll({ signal: controller.signal })[Symbol.asyncIterator]();
      const next = iterator.next();
      while (drops.length < 3) await new Promise((r) => setTimeout(r, 10));
      controller.abort();
      await expect(next).resolves.toEqual({ done: true, value: undefined });
      expect(drops.slice(0, 3)).toEqual([
        { attempt: 1, delay: 10 },
        { attempt: 2, delay: 20 },
        { attempt: 3, delay: 40 },
      ]);
    } finally {
      await store.close();
    }
  });

  it("ends its subscriptions on close and refuses work after it", async () => {
    const store = createEsdbEventStore({ url: await deadUrl(), resubscribe: { minMs: 10, maxMs: 10 } });
    const next = store.subscribeToAll()[Symbol.asyncIterator]().next();
    await new Promise((r) => setTimeout(r, 30));
    await store.close();
    await expect(next).resolves.toMatchObject({ done: true });
    await expect(store.headPosition()).rejects.toBeInstanceOf(StoreUnavailableError);
  });
});
