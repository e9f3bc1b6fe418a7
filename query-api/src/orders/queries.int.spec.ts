import type { DomainEvent } from "@shop/contracts";
import { createMemoryDocumentStore } from "@shop/platform";
import { allProjections, applyEvent } from "@shop/projector";
import { describe, expect, it } from "vitest";
import { listOrders } from "./queries.ts";

const hex = (n: number) => n.toString(16).padStart(12, "0");
const customers = ["00000000-0000-4000-8000-00000000c001", "00000000-0000-4000-8000-00000000c002"];

describe("listing orders over many orders", () => {
  it("reads about one page of documents through the indexes, first page and deep pages alike", async () => {
    const docs = createMemoryDocumentStore();
    const orders = allProjections.find((p) => p.collection === "orders");
    if (!orders) throw new Error("no orders projection");
    for (const idx of orders.indexes ?? []) await docs.collection("orders").createIndex(idx.keys);
    const total = 3000;
    for (let i = 0; i < total; i++) {
      const orderId = `00000000-0000-4000-8000-${hex(i + 1)}`;
      const event: DomainEvent = {
        type: "OrderPlaced",
        data: {
          orderId,
          customer: { userId: customers[i % 2] as string, name: "A", email: "a@example.com", contact: "1" },
          shippingAddress: "Pune",
          items: [
            {
              productId: "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f",
              kind: "notebook",
              title: "Notebook",
              author: "Classmate",
              imageUrl: "/media/stationeries/n.png",
              pricePaise: 100,
              discountPaise: 0,
              quantity: 1,
            },
          ],
          totals: { pricePaise: 100, discountPaise: 0, payablePaise: 100 },
          source: { kind: "direct" },
          requestDigest: "d",
          // Many orders share a second, so the cursor's _id tie-break matters.
          placedAt: new Date(Date.UTC(2026, 0, 1) + Math.floor(i / 3) * 1000).toISOString(),
        },
      };
      await applyEvent(docs, orders, {
        ...event,
        id: orderId,
        streamName: `order-${orderId}`,
        revision: 0,
        position: String(i + 1),
        metadata: {
          schemaVersion: 1,
          correlationId: orderId,
          causationId: orderId,
          actor: { kind: "system", name: "t" },
        },
      } as Parameters<typeof applyEvent>[2]);
    }
    const coll = docs.collection("orders");

    const first = await listOrders(docs, { limit: 50 });
    expect(first.items).toHaveLength(50);
    expect(coll.lastScan().index).toBe("placedAt_-1");
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);

    let page = first;
    const seen = new Set(first.items.map((o) => o.id));
    for (let n = 0; n < 20 && page.nextCursor; n++) {
      page = await listOrders(docs, { limit: 50, cursor: page.nextCursor });
      for (const o of page.items) seen.add(o.id);
      expect(coll.lastScan().examined).toBeLessThanOrEqual(60);
    }
    expect(seen.size).toBe(21 * 50);

    const mine = await listOrders(docs, { customerId: customers[0], limit: 50 });
    expect(mine.items).toHaveLength(50);
    expect(coll.lastScan().examined).toBeLessThanOrEqual(51);
  });
});
