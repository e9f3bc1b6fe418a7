import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import type { EventStore, RecordedEvent, ReplayedEvent } from "../ports/eventStore.ts";
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

async function take(iterable: AsyncIterable<RecordedEvent>, n: number): Promise<RecordedEvent[]> {
  const out: RecordedEvent[] = [];
  if (n === 0) return out;
  for await (const e of iterable) {
    out.push(e);
    if (out.length >= n) break;
  }
  return out;
}

describe("sqlite event store", () => {
  it("commits concurrent appends together and fails only the one with a wrong expected revision", async () => {
    const f = await fixture();
    const appends = Array.from({ length: 20 }, (_, i) =>
      f.store.appendToStream(`group-${i}`, [{ type: "Made", data: { i }, metadata }], {
        expectedRevision: i === 7 ? 3 : "no_stream",
      }),
    );
    const settled = await Promise.allSettled(appends);
    expect(settled[7]).toMatchObject({ status: "rejected", reason: { name: "WrongExpectedVersionError" } });
    const positions = settled
      .filter((r, i) => i !== 7 && r.status === "fulfilled")
      .map((r) => BigInt((r as PromiseFulfilledResult<{ position: string }>).value.position));
    expect(positions).toHaveLength(19);
    // Answered in the order they were made: positions rise with the calls.
    expect(positions.every((p, i) => i === 0 || p > positions[i - 1]!)).toBe(true);
    expect(await f.store.readStream("group-7")).toEqual([]);
    expect((await f.store.readStream("group-8")).map((e) => e.data)).toEqual([{ i: 8 }]);
    await f.cleanup();
  });

  it("keeps the event loop turning while a large append is being committed", async () => {
    const f = await fixture();
    const events = Array.from({ length: 10_000 }, (_, i) => ({
      type: "Bulk",
      data: { i, text: "x".repeat(500) },
      metadata,
    }));
    const append = f.store.appendToStream("bulk-1", events, { expectedRevision: "no_stream" });
    let done = false;
    void append.finally(() => {
      done = true;
    });
    // Counts turns of the event loop from just after the batch went to the writer until it is answered.
    let turns = 0;
    await new Promise<void>((resolve) => {
      const turn = () => {
        if (done) return resolve();
        turns += 1;
        setImmediate(turn);
      };
      setImmediate(turn);
    });
    expect((await append).nextExpectedRevision).toBe(9_999);
    expect(turns).toBeGreaterThan(10);
    await f.cleanup();
  });

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

  it("gives a subscription with eventTypes only those types, in log order, past a backlog of others, then a later append", async () => {
    const f = await fixture();
    // A scan window of 7 positions: the backlog below spans many windows, most with no match.
    const store = createSqliteEventStore({ file: f.file, pageSize: 3, typeScanWindow: 7 });
    const controller = new AbortController();
    try {
      const expected: string[] = [];
      for (let i = 0; i < 40; i++) {
        const type = i % 9 === 4 ? "Wanted" : i % 13 === 0 ? "AlsoWanted" : "Other";
        await f.store.appendToStream(`s-${i}`, [{ type, data: { i }, metadata }], {
          expectedRevision: "no_stream",
        });
        if (type !== "Other") expected.push(`${type}:${i}`);
      }
      const iterator = store
        .subscribeToAll({ signal: controller.signal, eventTypes: ["Wanted", "AlsoWanted"] })
        [Symbol.asyncIterator]();
      const heard: string[] = [];
      let last = "0";
      for (let n = 0; n < expected.length; n++) {
        const { value } = await iterator.next();
        if (!value) throw new Error("the subscription ended");
        heard.push(`${value.type}:${(value.data as { i: number }).i}`);
        expect(BigInt(value.position)).toBeGreaterThan(BigInt(last));
        last = value.position;
      }
      expect(heard).toEqual(expected);
      // Caught up: the next one is an append made now; others appended before it are passed over.
      const next = iterator.next();
      await f.store.appendToStream("late-other", [{ type: "Other", data: { i: 98 }, metadata }], {
        expectedRevision: "no_stream",
      });
      await f.store.appendToStream("late", [{ type: "Wanted", data: { i: 99 }, metadata }], {
        expectedRevision: "no_stream",
      });
      const { value } = await next;
      expect([value?.type, (value?.data as { i: number } | undefined)?.i]).toEqual(["Wanted", 99]);
      // From a position: only what follows it.
      const from = await take(store.subscribeToAll({ fromPosition: "30", eventTypes: ["Wanted"] }), 2);
      expect(from.map((e) => (e.data as { i: number }).i)).toEqual([31, 99]);
      // From beyond the log's end (42 events so far): nothing up to that position, ever.
      const beyond = store
        .subscribeToAll({ fromPosition: "44", eventTypes: ["Wanted"], signal: controller.signal })
        [Symbol.asyncIterator]();
      const heardBeyond = beyond.next();
      for (const i of [100, 101, 102]) {
        await f.store.appendToStream(`beyond-${i}`, [{ type: "Wanted", data: { i }, metadata }], {
          expectedRevision: "no_stream",
        });
      }
      expect(((await heardBeyond).value?.data as { i: number } | undefined)?.i).toBe(102);
    } finally {
      controller.abort();
      await store.close();
      await f.cleanup();
    }
  });

  it("reads pages for a replay: after fromPosition, up to toPosition inclusive, as subscribeToAll yields them", async () => {
    const f = await fixture();
    try {
      for (let i = 0; i < 5; i++) {
        const events = Array.from({ length: 10 }, (_, n) => ({ type: "E", data: { i, n }, metadata }));
        await f.store.appendToStream(`s-${i}`, events, { expectedRevision: "no_stream" });
      }
      const all: RecordedEvent[] = [];
      const controller = new AbortController();
      for await (const e of f.store.subscribeToAll({ signal: controller.signal })) {
        all.push(e);
        if (all.length === 50) controller.abort();
      }
      const pages: ReplayedEvent[][] = [];
      for await (const page of f.store.readPages!({ fromPosition: "3", toPosition: "47", pageSize: 20 }))
        pages.push(page);
      expect(pages.map((p) => p.length)).toEqual([20, 20, 4]);
      expect(pages.flat()).toEqual(all.slice(3, 47));
      const rest: ReplayedEvent[] = [];
      for await (const page of f.store.readPages!({ toPosition: "50" })) rest.push(...page);
      expect(rest).toEqual(all);
    } finally {
      await f.cleanup();
    }
  });

  it("reads a long replay's pages in a thread that runs the caller's decoder on each event's data", async () => {
    const f = await fixture();
    // A second connection that reads any replay in a thread, however short.
    const threaded = createSqliteEventStore({ file: f.file, replayThreadFrom: 0 });
    // A decoder module as a data: URL: it marks what it saw, and refuses one event.
    const decoder = (body: string) =>
      `data:text/javascript,${encodeURIComponent(`export const decode = ${body};`)}`;
    try {
      for (let i = 0; i < 3; i++) {
        const events = Array.from({ length: 10 }, (_, n) => ({ type: "E", data: { i, n }, metadata }));
        await f.store.appendToStream(`s-${i}`, events, { expectedRevision: "no_stream" });
      }
      const plain: ReplayedEvent[] = [];
      for await (const page of f.store.readPages!({ toPosition: "30" })) plain.push(...page);
      const marked = decoder("(type, data, v) => ({ ...data, seen: type + v })");
      // A short replay is read on this thread, its data left for the caller to decode.
      const short: ReplayedEvent[] = [];
      for await (const page of f.store.readPages!({ toPosition: "30", decoder: marked })) short.push(...page);
      expect(short).toEqual(plain);
      const pages: ReplayedEvent[][] = [];
      for await (const page of threaded.readPages!({
        fromPosition: "2",
        toPosition: "29",
        pageSize: 8,
        decoder: marked,
      }))
        pages.push(page);
      expect(pages.map((p) => p.length)).toEqual([8, 8, 8, 3]);
      expect(pages.flat()).toEqual(
        plain.slice(2, 29).map((e) => ({ ...e, data: { ...(e.data as object), seen: "E1" }, decoded: true })),
      );
      // A caller that reads only some metadata gets only that, and no event id or time.
      const lean: ReplayedEvent<"actor">[] = [];
      for await (const page of threaded.readPages!({
        toPosition: "30",
        pageSize: 8,
        decoder: marked,
        only: { metadata: ["actor"] },
      }))
        lean.push(...page);
      expect(lean).toEqual(
        plain.map(({ id: _id, createdAt: _at, metadata: m, ...e }) => ({
          ...e,
          data: { ...(e.data as object), seen: "E1" },
          metadata: { actor: m.actor },
          decoded: true,
        })),
      );
      // A consumer that stops early ends the thread; the store goes on serving.
      for await (const page of threaded.readPages!({ toPosition: "30", pageSize: 5, decoder: marked })) {
        expect(page).toHaveLength(5);
        break;
      }
      const failing = decoder(
        '(type, data) => { if (data.i === 2) throw new Error("bad event"); return data; }',
      );
      const read = async () => {
        for await (const _ of threaded.readPages!({ toPosition: "30", pageSize: 4, decoder: failing })) {
          // pages before the bad one arrive
        }
      };
      await expect(read()).rejects.toThrow(/bad event/);
      expect(await threaded.headPosition()).toBe("30");
    } finally {
      await threaded.close();
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

  it("hears its own appends and another connection's, interleaved, once each, as the log holds them", async () => {
    const f = await fixture();
    const other = createSqliteEventStore({ file: f.file, pollMs: 20 });
    const controller = new AbortController();
    try {
      const from = await f.store.headPosition();
      const all = f.store.subscribeToAll({ fromPosition: from, signal: controller.signal });
      const typed = f.store.subscribeToAll({
        fromPosition: from,
        signal: controller.signal,
        eventTypes: ["Kept"],
      });
      const heardAll = take(all, 12);
      const heardTyped = take(typed, 6);
      for (let i = 0; i < 6; i++) {
        // This process's append, then another process's, then this one's again: the positions
        // of this process's appends do not follow each other.
        const mine = f.store.appendToStream(
          `mix-${i}`,
          [
            { type: "Kept", data: { i, n: [i, "₹"] }, metadata },
            { type: "Passed", data: { i }, metadata },
          ],
          { expectedRevision: "no_stream" },
        );
        if (i % 2 === 0) await mine;
        else
          await Promise.all([
            mine,
            other.appendToStream(`other-${i}`, [{ type: "Other", data: { i }, metadata }], {
              expectedRevision: "any",
            }),
          ]);
      }
      const log = await f.store.readPages?.({ fromPosition: from, toPosition: await f.store.headPosition() });
      const inLog: ReplayedEvent[] = [];
      for await (const page of log ?? []) inLog.push(...page);
      expect(inLog).toHaveLength(15);
      expect(await heardAll).toEqual(inLog.slice(0, 12));
      expect(await heardTyped).toEqual(inLog.filter((e) => e.type === "Kept"));
      // Each event as stored: its stream's revisions, the data and metadata it was appended with.
      const first = inLog.find((e) => e.streamName === "mix-1" && e.type === "Passed");
      expect(first).toMatchObject({ revision: 1, data: { i: 1 }, metadata });
      expect(inLog.find((e) => e.streamName === "mix-3" && e.type === "Kept")?.data).toEqual({
        i: 3,
        n: [3, "₹"],
      });
    } finally {
      controller.abort();
      await other.close();
      await f.cleanup();
    }
  });

  it("lets a subscription with lagMs hear the appends of that span together, that much later", async () => {
    const f = await fixture();
    const controller = new AbortController();
    try {
      const iterator = f.store
        .subscribeToAll({ fromPosition: await f.store.headPosition(), signal: controller.signal, lagMs: 400 })
        [Symbol.asyncIterator]();
      const heard: { type: string; at: number }[] = [];
      const listening = (async () => {
        for (let i = 0; i < 2; i++) {
          const { value } = await iterator.next();
          heard.push({ type: value?.type ?? "", at: performance.now() });
        }
      })();
      await new Promise((resolve) => setTimeout(resolve, 50));
      const t0 = performance.now();
      await f.store.appendToStream("lag-a", [{ type: "A", data: {}, metadata }], {
        expectedRevision: "no_stream",
      });
      await f.store.appendToStream("lag-b", [{ type: "B", data: {}, metadata }], {
        expectedRevision: "no_stream",
      });
      await listening;
      expect(heard.map((h) => h.type)).toEqual(["A", "B"]);
      // Not heard at the first append's wake-up, but lagMs after it, both in one read.
      expect(heard[0]!.at - t0).toBeGreaterThanOrEqual(390);
      expect(heard[1]!.at - heard[0]!.at).toBeLessThan(100);
      // Aborting mid-lag ends the subscription without waiting the lag out.
      const pending = iterator.next();
      await f.store.appendToStream("lag-c", [{ type: "C", data: {}, metadata }], {
        expectedRevision: "no_stream",
      });
      const stopped = performance.now();
      controller.abort();
      await expect(pending).resolves.toMatchObject({ done: true });
      expect(performance.now() - stopped).toBeLessThan(300);
    } finally {
      controller.abort();
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
