import type { DomainEvent, OpenOrdersDoc } from "@shop/contracts";
import { fixtureIds, orderPlaced, orderStatusChanged } from "@shop/contracts/testing";
import { createMemoryDocumentStore, type DocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { applyEvent } from "../guardedWrite.ts";
import type { ProjectedEvent } from "../projection.ts";
import { recorded } from "../testing/events.ts";
import { openOrdersProjection } from "./openOrders.projection.ts";

const order = (n: number) => `d0000000-0000-4000-8000-${String(n).padStart(12, "0")}`;
const OTHER = "c0000000-0000-4000-8000-000000000009";

/** Events of many order streams in one log: global positions 1.., revisions per stream. */
const inLog = (events: [orderId: string, event: DomainEvent][]): ProjectedEvent[] => {
  const revisions = new Map<string, number>();
  return events.map(([id, e], i) => {
    const stream = `order-${id}`;
    const revision = revisions.get(stream) ?? 0;
    revisions.set(stream, revision + 1);
    const [r] = recorded(stream, [e], i + 1);
    return { ...(r as ProjectedEvent), revision };
  });
};

const openOf = async (docs: DocumentStore, customerId: string) => {
  const doc = await docs.collection<OpenOrdersDoc>("openOrders").findOne({ _id: `customer:${customerId}` });
  return doc?.kind === "customer" ? doc.open : 0;
};

const delivered = (orderId: string): DomainEvent => ({
  type: "OrderDelivered",
  data: { orderId, from: 2, deliveredAt: "2026-11-22T12:00:00.000Z" },
});

describe("open orders per customer (the open-orders cap's count)", () => {
  const log = inLog([
    [order(1), orderPlaced({ orderId: order(1) })],
    [order(2), orderPlaced({ orderId: order(2) })],
    [
      order(3),
      orderPlaced({
        orderId: order(3),
        customer: { userId: OTHER, name: "Ravi", email: "ravi@example.com", contact: "98765" },
      }),
    ],
    [order(1), orderStatusChanged(1, 2, order(1))],
    [order(1), delivered(order(1))],
    [order(2), orderStatusChanged(1, 3, order(2))],
    [order(2), orderStatusChanged(3, 1, order(2))],
  ]);

  it("counts a placed order until it is delivered, and again when it leaves Delivered", async () => {
    const docs = createMemoryDocumentStore();
    const after: number[] = [];
    for (const e of log) {
      await applyEvent(docs, openOrdersProjection, e);
      after.push(await openOf(docs, fixtureIds.customer));
    }
    expect(after).toEqual([1, 2, 2, 2, 1, 0, 1]);
    expect(await openOf(docs, OTHER)).toBe(1);
  });

  it("changes nothing when events are delivered again (guarded by the log position)", async () => {
    const docs = createMemoryDocumentStore();
    for (const e of log) await applyEvent(docs, openOrdersProjection, e);
    for (const e of log) await applyEvent(docs, openOrdersProjection, e);
    expect(await openOf(docs, fixtureIds.customer)).toBe(1);
    expect(await openOf(docs, OTHER)).toBe(1);
  });
});
