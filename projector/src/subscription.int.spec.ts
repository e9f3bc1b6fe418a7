import type { OrderDoc } from "@shop/contracts";
import { fixtureIds, orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { applyEvent } from "./guardedWrite.ts";
import { ordersProjection } from "./orders/orders.projection.ts";
import type { AnyProjection } from "./projection.ts";
import { allProjections } from "./projections.ts";
import { createProjector } from "./projector.ts";
import { rebuildReadModels } from "./rebuild.ts";
import { toProjected } from "./routing.ts";
import { recorded } from "./testing/events.ts";
import { countingCheckpoints, dump, recordingLive, silentLogger, tempEventStore } from "./testing/harness.ts";
import { appendHistory, generateHistory } from "./testing/history.ts";

const orderId = fixtureIds.order;
const placed = orderPlaced();
const changed = orderStatusChanged(1, 2);

describe("applying events to the read model", () => {
  const projection = ordersProjection;

  it("changes the document once when the same event is applied twice (replay)", async () => {
    const docs = createMemoryDocumentStore();
    const [e0, e1] = recorded(`order-${orderId}`, [placed, changed]);
    if (!e0 || !e1) throw new Error("no events");
    await applyEvent(docs, projection, e0);
    expect(await applyEvent(docs, projection, e1)).toHaveLength(1);
    expect(await applyEvent(docs, projection, e1)).toEqual([]);
    expect(await applyEvent(docs, projection, e0)).toEqual([]);
    const doc = await docs.collection<OrderDoc>("orders").findOne({ _id: orderId });
    expect(doc?.status).toBe(2);
    expect(doc?.timeline).toHaveLength(2);
  });
});

describe("replaying the log over built read models", () => {
  const setUp = async () => {
    const store = tempEventStore();
    await appendHistory(store.events, generateHistory({ seed: 11, steps: 1500 }));
    const docs = createMemoryDocumentStore();
    await rebuildReadModels({ events: store.events, docs, projections: allProjections });
    const collections = allProjections.map((p) => p.collection);
    const byType = new Map<string, AnyProjection[]>();
    for (const p of allProjections) for (const t of p.canHandle) byType.set(t, [...(byType.get(t) ?? []), p]);
    const log = [];
    const head = await store.events.headPosition();
    for await (const r of store.events.subscribeToAll()) {
      log.push(toProjected(r));
      if (r.position === head) break;
    }
    return { store, docs, collections, byType, log };
  };

  it("leaves every collection as it was, and a second apply of any event changes nothing", async () => {
    const { store, docs, collections, byType, log } = await setUp();
    try {
      const before = await dump(docs, collections);
      const heard: string[] = [];
      for (const e of log) {
        for (const p of byType.get(e.type) ?? []) {
          for (const n of await applyEvent(docs, p, e))
            heard.push(`${n.event} ${n.event === "catalogue.updated" ? n.payload.kind : "undefined"}`);
          expect(await applyEvent(docs, p, e)).toEqual([]);
        }
      }
      expect(await dump(docs, collections)).toEqual(before);
      // Removed catalogue entries are deleted, not tombstoned: a full replay re-creates them on
      // the way and removes them again, and that is the only thing it announces.
      expect(new Set(heard)).toEqual(
        new Set(["catalogue.updated school", "catalogue.updated product", "catalogue.updated promotion"]),
      );
    } finally {
      await store.destroy();
    }
  });
});

describe("the projector loop", () => {
  it("applies what is already in the log in batches: one checkpoint write per batch, notifications in log order", async () => {
    const store = tempEventStore();
    const { live, emitted } = recordingLive();
    const counted = countingCheckpoints(createMemoryDocumentStore());
    const projector = createProjector({
      events: store.events,
      docs: counted.docs,
      live,
      logger: silentLogger(),
      projections: allProjections,
      batchSize: 100,
    });
    try {
      await appendHistory(store.events, generateHistory({ seed: 5, steps: 1200 }));
      const head = await store.events.headPosition();
      await projector.start();
      expect(await projector.waitFor(head, 10_000)).toBe(true);
      expect(projector.current()).toBe(head);
      const events = Number(head);
      expect(events).toBeGreaterThan(1000);
      // Catching up finds every event already there: full batches, not one write per event.
      expect(counted.writes()).toBeGreaterThanOrEqual(Math.ceil(events / 100));
      expect(counted.writes()).toBeLessThan(events / 20);
      const positions = emitted.map((n) => BigInt(String(n.payload.position)));
      expect(positions.length).toBeGreaterThan(1000);
      expect(positions.every((p, i) => i === 0 || p >= (positions[i - 1] as bigint))).toBe(true);

      // A single new event is applied and checkpointed on its own, without waiting for more.
      const messageId = "2a3b4c5d-6e7f-4a8b-9c0d-1e2f3a4b5c6d";
      const { position } = await store.events.appendToStream(
        `message-${messageId}`,
        [
          {
            type: "MessageSent",
            data: {
              messageId,
              name: "Ravi",
              email: "r@example.com",
              message: "Hi",
              sentAt: "2026-11-22T09:00:00.000Z",
            },
            metadata: {
              schemaVersion: 1,
              correlationId: messageId,
              causationId: messageId,
              actor: { kind: "system", name: "test" },
            },
          },
        ],
        { expectedRevision: "no_stream" },
      );
      expect(await projector.waitFor(position, 2000)).toBe(true);
      expect(emitted.at(-1)).toMatchObject({ event: "message.received", payload: { position } });
      expect(await projector.waitFor(String(BigInt(position) + 1n), 50)).toBe(false);
    } finally {
      await projector.stop();
      await store.destroy();
    }
  });
});
