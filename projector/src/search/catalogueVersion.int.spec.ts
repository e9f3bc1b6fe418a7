import { randomUUID } from "node:crypto";
import { CATALOGUE_EVENT_TYPES, CATALOGUE_VERSION_ID, catalogueVersionCollection } from "@shop/contracts";
import { fixtureIds, orderPlaced } from "@shop/contracts/testing";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { allProjections } from "../projections.ts";
import { rebuildReadModels } from "../rebuild.ts";
import { tempEventStore } from "../testing/harness.ts";
import { appendHistory, generateHistory } from "../testing/history.ts";
import { catalogueVersionProjection } from "./catalogueVersion.projection.ts";

const placed = orderPlaced();
const actor = { kind: "system" as const, name: "test" };

describe("the catalogue's version", () => {
  it("is the position of the last school or product event, not of the orders after it", async () => {
    const store = tempEventStore();
    try {
      await appendHistory(store.events, generateHistory({ seed: 7, steps: 800 }));
      // An order last, whatever the generated history ends with.
      const metadata = { schemaVersion: 1, correlationId: randomUUID(), causationId: randomUUID(), actor };
      await store.events.appendToStream(
        `order-${fixtureIds.order}`,
        [{ type: placed.type, data: placed.data, metadata }],
        { expectedRevision: "any" },
      );
      const head = await store.events.headPosition();
      let lastCatalogue = "";
      let ordersAfter = 0;
      for await (const r of store.events.subscribeToAll()) {
        if ((CATALOGUE_EVENT_TYPES as readonly string[]).includes(r.type)) {
          lastCatalogue = r.position;
          ordersAfter = 0;
        } else if (r.type.startsWith("Order")) ordersAfter++;
        if (r.position === head) break;
      }
      expect(ordersAfter).toBeGreaterThan(0);
      const docs = createMemoryDocumentStore();
      await rebuildReadModels({ events: store.events, docs, projections: allProjections });
      const version = await docs
        .collection(catalogueVersionCollection.name)
        .findOne({ _id: CATALOGUE_VERSION_ID });
      expect(version?.position).toBe(lastCatalogue);
    } finally {
      await store.destroy();
    }
  });

  it("moves after the documents it stands for: last among the projections of a catalogue event", () => {
    for (const type of CATALOGUE_EVENT_TYPES) {
      const handling = allProjections.filter((p) => (p.canHandle as readonly string[]).includes(type));
      expect(handling.at(-1)).toBe(catalogueVersionProjection);
    }
  });
});
