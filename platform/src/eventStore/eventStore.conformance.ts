import { randomUUID } from "node:crypto";
import type { EventMetadata } from "@shop/contracts";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { EventStore, NewEvent, RecordedEvent } from "../ports/eventStore.ts";
import { WrongExpectedVersionError } from "../ports/eventStore.ts";

export interface EventStoreFixture {
  store: EventStore;
  /** Closes `store` and opens a new one on the same data (durability); absent when impossible. */
  reopen?: () => Promise<EventStore>;
  cleanup: () => Promise<void>;
}

const metadata = (): EventMetadata => ({
  schemaVersion: 1,
  correlationId: randomUUID(),
  causationId: randomUUID(),
  actor: { kind: "system", name: "conformance" },
});

const event = (type: string, data: unknown = {}): NewEvent => ({ type, data, metadata: metadata() });

async function take(iterable: AsyncIterable<RecordedEvent>, n: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  if (n === 0) return out;
  for await (const e of iterable) {
    out.push(e);
    if (out.length === n) break;
  }
  return out;
}

/** The contract of ports/eventStore.ts, run against any adapter. */
export function eventStoreConformance(name: string, makeStore: () => Promise<EventStoreFixture>): void {
  describe(`event store conformance: ${name}`, () => {
    let fixture: EventStoreFixture;
    let store: EventStore;
    // Stream names are unique per test so a shared server does not leak state between tests.
    const stream = (category = "test") => `${category}-${randomUUID()}`;

    beforeEach(async () => {
      fixture = await makeStore();
      store = fixture.store;
    });
    afterEach(async () => {
      await fixture.cleanup();
    });

    it("appends and reads a stream in order with revisions from 0", async () => {
      const s = stream();
      const result = await store.appendToStream(s, [event("A", { n: 1 }), event("B", { n: 2 })], {
        expectedRevision: "no_stream",
      });
      expect(result.nextExpectedRevision).toBe(1);
      const events = await store.readStream(s);
      expect(events.map((e) => [e.type, e.revision, e.data])).toEqual([
        ["A", 0, { n: 1 }],
        ["B", 1, { n: 2 }],
      ]);
      expect(events[1]?.position).toBe(result.position);
      expect(events[0]?.streamName).toBe(s);
      expect(events[0]?.metadata.actor).toEqual({ kind: "system", name: "conformance" });
      expect(new Date(events[0]!.createdAt).toISOString()).toBe(events[0]!.createdAt);
      expect(await store.readStream(s, { fromRevision: 1 })).toHaveLength(1);
    });

    it("reads a missing stream as empty", async () => {
      expect(await store.readStream(stream())).toEqual([]);
    });

    it("keeps a given event id and generates one otherwise", async () => {
      const s = stream();
      const id = randomUUID();
      await store.appendToStream(s, [{ ...event("A"), id }, event("B")], { expectedRevision: "any" });
      const [a, b] = await store.readStream(s);
      expect(a?.id).toBe(id);
      expect(b?.id).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('checks expectedRevision "no_stream"', async () => {
      const s = stream();
      await store.appendToStream(s, [event("A")], { expectedRevision: "no_stream" });
      const error = await store
        .appendToStream(s, [event("B")], { expectedRevision: "no_stream" })
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(WrongExpectedVersionError);
      expect(error).toMatchObject({ streamName: s, expected: "no_stream", actual: 0 });
    });

    it('checks expectedRevision "stream_exists"', async () => {
      const s = stream();
      await expect(
        store.appendToStream(s, [event("A")], { expectedRevision: "stream_exists" }),
      ).rejects.toMatchObject({ name: "WrongExpectedVersionError", actual: "no_stream" });
      await store.appendToStream(s, [event("A")], { expectedRevision: "no_stream" });
      const result = await store.appendToStream(s, [event("B")], { expectedRevision: "stream_exists" });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it('accepts anything with expectedRevision "any"', async () => {
      const s = stream();
      await store.appendToStream(s, [event("A")], { expectedRevision: "any" });
      const result = await store.appendToStream(s, [event("B")], { expectedRevision: "any" });
      expect(result.nextExpectedRevision).toBe(1);
    });

    it("checks a numeric expectedRevision", async () => {
      const s = stream();
      await expect(store.appendToStream(s, [event("A")], { expectedRevision: 0 })).rejects.toBeInstanceOf(
        WrongExpectedVersionError,
      );
      await store.appendToStream(s, [event("A"), event("B")], { expectedRevision: "no_stream" });
      await expect(store.appendToStream(s, [event("C")], { expectedRevision: 0 })).rejects.toMatchObject({
        expected: 0,
        actual: 1,
      });
      const result = await store.appendToStream(s, [event("C")], { expectedRevision: 1 });
      expect(result.nextExpectedRevision).toBe(2);
      expect((await store.readStream(s)).map((e) => e.type)).toEqual(["A", "B", "C"]);
    });

    it("appends all events or none", async () => {
      const s = stream();
      await store.appendToStream(s, [event("A")], { expectedRevision: "no_stream" });
      await expect(
        store.appendToStream(s, [event("B"), event("C")], { expectedRevision: 5 }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
      expect(await store.readStream(s)).toHaveLength(1);
    });

    it("lets exactly one of two racing no_stream appends win", async () => {
      const s = stream();
      const results = await Promise.allSettled([
        store.appendToStream(s, [event("A"), event("A2")], { expectedRevision: "no_stream" }),
        store.appendToStream(s, [event("B"), event("B2")], { expectedRevision: "no_stream" }),
      ]);
      expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
      const types = (await store.readStream(s)).map((e) => e.type);
      expect([
        ["A", "A2"],
        ["B", "B2"],
      ]).toContainEqual(types);
    });

    it("treats the same event ids at the same expected revision as an idempotent retry", async () => {
      const s = stream();
      const events = [
        { ...event("A"), id: randomUUID() },
        { ...event("B"), id: randomUUID() },
      ];
      const first = await store.appendToStream(s, events, { expectedRevision: "no_stream" });
      const retry = await store.appendToStream(s, events, { expectedRevision: "no_stream" });
      expect(retry).toEqual(first);
      expect(await store.readStream(s)).toHaveLength(2);
      await expect(
        store.appendToStream(s, [{ ...event("C"), id: randomUUID() }], { expectedRevision: "no_stream" }),
      ).rejects.toBeInstanceOf(WrongExpectedVersionError);
    });

    it("gives strictly increasing decimal positions across streams", async () => {
      const before = BigInt(await store.headPosition());
      const a = await store.appendToStream(stream(), [event("A")], { expectedRevision: "no_stream" });
      const b = await store.appendToStream(stream(), [event("B"), event("C")], {
        expectedRevision: "no_stream",
      });
      for (const p of [a.position, b.position]) expect(p).toMatch(/^\d+$/);
      expect(BigInt(a.position)).toBeGreaterThan(before);
      expect(BigInt(b.position)).toBeGreaterThan(BigInt(a.position));
      expect(await store.headPosition()).toBe(b.position);
    });

    it("subscribes from the start and from a position (exclusive)", async () => {
      const s = stream();
      await store.appendToStream(s, [event("A"), event("B"), event("C")], { expectedRevision: "no_stream" });
      const ours = async (from?: string, n = 3) => {
        const types: string[] = [];
        for await (const e of store.subscribeToAll({ fromPosition: from })) {
          if (e.streamName === s) types.push(e.type);
          if (types.length === n) break;
        }
        return types;
      };
      expect(await ours()).toEqual(["A", "B", "C"]);
      const [a] = await store.readStream(s);
      expect(await ours(a!.position, 2)).toEqual(["B", "C"]);
      const [first] = await take(store.subscribeToAll({ fromPosition: a!.position }), 1);
      expect(BigInt(first!.position)).toBeGreaterThan(BigInt(a!.position));
    });

    it("keeps yielding events appended after it caught up, then ends on abort", async () => {
      const s = stream();
      const controller = new AbortController();
      const seen: string[] = [];
      const subscription = store.subscribeToAll({
        fromPosition: await store.headPosition(),
        signal: controller.signal,
      });
      const done = (async () => {
        for await (const e of subscription) {
          if (e.streamName === s) seen.push(e.type);
          if (seen.length === 2) controller.abort();
        }
      })();
      await new Promise((r) => setTimeout(r, 50));
      await store.appendToStream(s, [event("Later")], { expectedRevision: "no_stream" });
      await store.appendToStream(s, [event("Later2")], { expectedRevision: 0 });
      await done;
      expect(seen).toEqual(["Later", "Later2"]);
    });

    it("ends a caught-up subscription when the signal aborts", async () => {
      const controller = new AbortController();
      const iterator = store
        .subscribeToAll({ fromPosition: await store.headPosition(), signal: controller.signal })
        [Symbol.asyncIterator]();
      const next = iterator.next();
      setTimeout(() => controller.abort(), 20);
      await expect(next).resolves.toEqual({ done: true, value: undefined });
    });

    it("keeps events across close and reopen", async ({ skip }) => {
      if (!fixture.reopen) skip("adapter cannot reopen");
      const s = stream();
      const result = await store.appendToStream(s, [event("A", { kept: true })], {
        expectedRevision: "no_stream",
      });
      store = await fixture.reopen!();
      const events = await store.readStream(s);
      expect(events.map((e) => [e.data, e.position])).toEqual([[{ kept: true }, result.position]]);
      const next = await store.appendToStream(s, [event("B")], { expectedRevision: 0 });
      expect(BigInt(next.position)).toBeGreaterThan(BigInt(result.position));
    });
  });
}
