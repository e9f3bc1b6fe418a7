import { randomFillSync } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { comparePositions } from "@shop/contracts";
import {
  createLogger,
  createMemoryDocumentStore,
  createSqliteEventStore,
  type Doc,
  type DocumentStore,
  type EventStore,
  isStub,
  type LivePublisher,
  type MemoryDocumentStore,
  type SortSpec,
} from "@shop/platform";
import { allProjections, createProjector, rebuildReadModels } from "@shop/projector";
import { appendHistory, generateHistory } from "@shop/projector/testing/history";
import { readDashboard } from "@shop/query-api";
import { afterEach, describe, expect, it } from "vitest";
import { bootReadModels, type ReadModelSnapshot } from "./readModelSnapshot.ts";

const collections = [...new Set(allProjections.map((p) => p.collection)), "checkpoints"];
const logger = createLogger({ level: "silent" });
const live: LivePublisher = {
  emit: () => {},
  socketsJoin: () => {},
  socketsLeave: () => {},
  disconnectSockets: () => {},
};

const dump = async (docs: DocumentStore) => {
  const out: Record<string, Doc[]> = {};
  for (const c of collections) {
    const found = await docs.collection(c).find({}, { sort: { _id: 1 } });
    // The checkpoint's write time differs between runs; its position must not.
    out[c] = found.map(({ updatedAt: _, ...rest }) => rest as Doc);
  }
  return out;
};

/** The embedded shop's read side: snapshot boot, then the projector saving after its batches. */
const startReadSide = async (
  events: EventStore,
  file: string,
  version = "v1",
  coldOrderDays?: number,
  bulkTailFrom?: number,
) => {
  const docs = createMemoryDocumentStore();
  let snapshot: ReadModelSnapshot | undefined;
  const projector = createProjector({
    events,
    docs,
    live,
    logger,
    projections: allProjections,
    batchSize: 20,
    onBatch: () => snapshot?.afterBatch(),
  });
  snapshot = await bootReadModels({
    docs,
    events,
    projections: allProjections,
    logger,
    file,
    version,
    everyDocuments: 40,
    everyMs: 60_000,
    ...(coldOrderDays !== undefined && { coldOrderDays }),
    ...(bulkTailFrom !== undefined && { bulkTailFrom }),
  });
  await projector.start();
  const caughtUp = async () =>
    expect(await projector.waitFor(await events.headPosition(), 20_000)).toBe(true);
  return { docs, projector, snapshot, caughtUp };
};

/** What the projector alone makes from the whole log, and what a full replay makes. */
const references = async (events: EventStore) => {
  const liveDocs = createMemoryDocumentStore();
  const projector = createProjector({ events, docs: liveDocs, live, logger, projections: allProjections });
  await projector.start();
  expect(await projector.waitFor(await events.headPosition(), 20_000)).toBe(true);
  await projector.stop();
  const replayed = createMemoryDocumentStore();
  await rebuildReadModels({ events, docs: replayed, projections: allProjections });
  return { live: await dump(liveDocs), replay: await dump(replayed), liveDocs };
};

describe("the embedded read models' snapshot at boot", () => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const c of cleanups.splice(0).reverse()) await c();
  });
  const tempLog = () => {
    const dir = mkdtempSync(join(tmpdir(), "read-models-"));
    const events = createSqliteEventStore({ file: join(dir, "events.db") });
    cleanups.push(async () => {
      await events.close();
      rmSync(dir, { recursive: true, force: true });
    });
    return { dir, events, file: join(dir, "read-models.db") };
  };

  /** Documents kept as stubs in memory, their bodies in the snapshot file. */
  const stubCount = (docs: MemoryDocumentStore, collection: string) =>
    [...docs.collection(collection).peekAll()].filter((d) => isStub(d as Doc)).length;
  /** Every collection with a cold tier holds stubs: old orders, the dashboard's facts of them, openOrders' rows. */
  const expectStubs = (docs: MemoryDocumentStore) => {
    for (const c of ["orders", "dashboard", "openOrders"])
      expect(stubCount(docs, c), `${c} stubs`).toBeGreaterThan(0);
  };

  it.each([
    ["the default cold-order age", undefined, undefined],
    ["every delivered order cold", 0, undefined],
    ["the tail caught up in bulk at boot", undefined, 1],
    ["every delivered order cold, the tail caught up in bulk at boot", 0, 1],
  ] as const)(
    "snapshot + tail == live == full replay, after a crash that left the snapshot behind the log (%s)",
    async (_what, coldOrderDays, bulkTailFrom) => {
      const { events, file } = tempLog();
      const history = generateHistory({ seed: 11, steps: 3000 });
      const [a, b] = [Math.floor(history.length * 0.4), Math.floor(history.length * 0.7)];
      await appendHistory(events, history.slice(0, a));

      // First run: rebuilt from the log (no snapshot), then projecting live and saving as it goes.
      const first = await startReadSide(events, file, "v1", coldOrderDays);
      cleanups.push(() => first.snapshot.close());
      expect(first.snapshot.boot.snapshot).toMatchObject({ loaded: false, reason: "none" });
      expect(first.snapshot.boot.rebuilt?.events).toBe(Number(await events.headPosition()));
      // The rebuild's garbage collected before the read side answers.
      expect(first.snapshot.boot.collectedMs).toBeGreaterThanOrEqual(0);
      await appendHistory(events, history.slice(a, b), async (i) => {
        if (i % 25 === 0) await new Promise((r) => setImmediate(r));
      });
      await first.caughtUp();
      // A crash: the projector stops, the last changes are never saved.
      await first.projector.stop();
      const crashedAt = await events.headPosition();

      // Meanwhile (another writer, or the crash lost the tail) more events arrive.
      await appendHistory(events, history.slice(b));
      const head = await events.headPosition();

      const second = await startReadSide(events, file, "v1", coldOrderDays, bulkTailFrom);
      cleanups.push(() => second.projector.stop());
      const boot = second.snapshot.boot.snapshot;
      expect(boot.loaded).toBe(true);
      if (!boot.loaded) return;
      expect(comparePositions(boot.position, "0")).toBeGreaterThan(0);
      expect(comparePositions(boot.position, crashedAt)).toBeLessThanOrEqual(0);
      expect(comparePositions(boot.position, head)).toBeLessThan(0);
      expect(second.snapshot.boot.rebuilt).toBeUndefined();
      // In bulk: the whole tail replayed before the projector started, and saved at once.
      expect(second.snapshot.boot.caughtUp?.events).toBe(
        bulkTailFrom === undefined ? undefined : Number(head) - Number(boot.position),
      );
      expect((second.snapshot.boot.written ?? 0) > 0).toBe(bulkTailFrom !== undefined);
      // A full GC only after bulk work: a snapshot with a short tail boots without one.
      expect(second.snapshot.boot.collectedMs !== undefined).toBe(bulkTailFrom !== undefined);
      if (coldOrderDays === 0) expectStubs(second.docs);
      await second.caughtUp();

      const fromSnapshot = await dump(second.docs);
      const { live: liveState, replay, liveDocs } = await references(events);
      for (const c of collections) {
        expect(fromSnapshot[c]?.length, `${c} has documents`).toBeGreaterThan(0);
        expect(fromSnapshot[c], c).toEqual(liveState[c]);
        expect(replay[c], c).toEqual(liveState[c]);
      }
      // The dashboard's query answers from the stubs as from the documents all in memory (the
      // history's orders are placed in January 2026).
      const now = new Date(Date.UTC(2026, 0, 20));
      const dashboard = await readDashboard(second.docs, head, now);
      expect(dashboard.days.some((d) => d.orders > 0)).toBe(true);
      expect(dashboard.schools.length).toBeGreaterThan(0);
      expect(dashboard).toEqual(await readDashboard(liveDocs, head, now));
      expect(fromSnapshot.checkpoints?.[0]?.position).toBe(head);

      // A graceful stop saves everything: the next boot has no tail to replay.
      await second.projector.stop();
      await second.snapshot.close();
      const third = await startReadSide(events, file, "v1", coldOrderDays);
      cleanups.push(() => third.projector.stop());
      expect(third.snapshot.boot.snapshot).toMatchObject({ loaded: true, position: head });
      // The indexes took the orders saved at the stop, and answer as the live ones do.
      const thirdLoad = third.snapshot.boot.snapshot;
      expect(thirdLoad.loaded && thirdLoad.indexOrders).toBeGreaterThan(0);
      expect(await dump(third.docs)).toEqual(fromSnapshot);
      const sorts: SortSpec[] = [
        { placedAt: -1, _id: -1 },
        { status: 1, placedAt: -1, _id: -1 },
      ];
      for (const sort of sorts) {
        const page = (docs: DocumentStore) => docs.collection("orders").find({}, { sort, limit: 50 });
        expect(await page(third.docs)).toEqual(await page(liveDocs));
      }
      expect(await readDashboard(third.docs, head, now)).toEqual(await readDashboard(liveDocs, head, now));
      if (coldOrderDays === 0) expectStubs(third.docs);
      await third.snapshot.close();
    },
    120_000,
  );

  it("a snapshot of another code version, or beyond the log's end, is refused: the read models are rebuilt", async () => {
    const { events, file } = tempLog();
    const history = generateHistory({ seed: 5, steps: 600 });
    await appendHistory(events, history);
    const first = await startReadSide(events, file, "old");
    await first.projector.stop();
    await first.snapshot.close();

    const upgraded = await startReadSide(events, file, "new");
    cleanups.push(() => upgraded.projector.stop());
    expect(upgraded.snapshot.boot.snapshot).toMatchObject({ loaded: false, reason: "version" });
    expect(upgraded.snapshot.boot.rebuilt?.events).toBe(Number(await events.headPosition()));
    const { live: liveState } = await references(events);
    expect(await dump(upgraded.docs)).toEqual(liveState);
    await upgraded.projector.stop();
    await upgraded.snapshot.close();

    // The same snapshot beside a shorter log (the event store was replaced by an older copy).
    const shorter = tempLog();
    await appendHistory(shorter.events, history.slice(0, 100));
    const replaced = await startReadSide(shorter.events, file, "new");
    cleanups.push(() => replaced.projector.stop());
    expect(replaced.snapshot.boot.snapshot).toMatchObject({ loaded: false, reason: "ahead of the log" });
    // It may be the last copy of what the log lost: kept aside, not overwritten.
    expect(
      readdirSync(dirname(file)).filter((f) => f.startsWith("read-models.db.ahead-of-log-")),
    ).toHaveLength(1);
    const { live: shorterLive } = await references(shorter.events);
    expect(await dump(replaced.docs)).toEqual(shorterLive);
    await replaced.snapshot.close();
  }, 60_000);

  it("a snapshot with damaged pages is refused and replaced: the shop starts, now and next time", async () => {
    // A fault probe: pages overwritten in the middle of the file were refused at load ("database
    // disk image is malformed"), but the rebuild's write cleared the same damaged file, which
    // threw: the shop exited at every start until someone deleted the file.
    const { events, file } = tempLog();
    const history = generateHistory({ seed: 9, steps: 600 });
    await appendHistory(events, history);
    const first = await startReadSide(events, file);
    await first.caughtUp();
    await first.projector.stop();
    await first.snapshot.close();
    const bytes = readFileSync(file);
    expect(bytes.length).toBeGreaterThan(64 * 1024);
    for (let at = 8292; at + 200 < bytes.length; at += 16 * 1024) randomFillSync(bytes, at, 200);
    writeFileSync(file, bytes);

    const damaged = await startReadSide(events, file);
    cleanups.push(() => damaged.projector.stop());
    expect(damaged.snapshot.boot.snapshot).toMatchObject({ loaded: false, reason: "unreadable" });
    const { live: liveState } = await references(events);
    expect(await dump(damaged.docs)).toEqual(liveState);
    await damaged.projector.stop();
    await damaged.snapshot.close();

    const next = await startReadSide(events, file);
    cleanups.push(() => next.projector.stop());
    expect(next.snapshot.boot.snapshot).toMatchObject({ loaded: true });
    expect(await dump(next.docs)).toEqual(liveState);
    await next.snapshot.close();
  }, 60_000);
});
