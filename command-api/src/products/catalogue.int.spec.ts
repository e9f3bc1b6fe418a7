import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ProductFields, Streams, systemActor } from "@shop/contracts";
import { notebookFields } from "@shop/contracts/testing";
import { createSqliteEventStore, type EventStore } from "@shop/platform";
import { afterEach, describe, expect, it } from "vitest";
import { handleCommand } from "../commandHandling/handleCommand.ts";
import { catalogueOf } from "./catalogue.ts";
import { productDecider } from "./decider.ts";

const actor = systemActor("test");
const fields = notebookFields;

describe("the catalogue an order is priced from", () => {
  const dirs: string[] = [];
  const stores: EventStore[] = [];
  afterEach(async () => {
    for (const s of stores.splice(0)) await s.close();
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it("shows this process's price change at once, another writer's within its freshness window, and reads no more often", async () => {
    const dir = mkdtempSync(join(tmpdir(), "catalogue-"));
    dirs.push(dir);
    const inner = createSqliteEventStore({ file: join(dir, "events.db") });
    stores.push(inner);
    let reads = 0;
    const events: EventStore = {
      ...inner,
      readStream: (s, o) => {
        reads++;
        return inner.readStream(s, o);
      },
    };
    const productId = randomUUID();
    const stream = Streams.product(productId);
    const change = (type: "AddProduct" | "UpdateProduct", pricePaise: number) =>
      handleCommand(
        events,
        stream,
        productDecider,
        { type, data: { ...fields, pricePaise, productId } },
        { actor, correlationId: randomUUID() },
      );
    const freshMs = 300;
    const catalogue = catalogueOf(events, freshMs);
    const price = async () => {
      const p = await catalogue.product(productId);
      return p.status === "listed" ? p.pricePaise : undefined;
    };

    await change("AddProduct", 6500);
    const first = reads;
    expect(await price()).toBe(6500);
    expect(await price()).toBe(6500);
    // The command's own append was folded: the catalogue did not read the stream again.
    expect(reads).toBe(first);

    await change("UpdateProduct", 7000);
    expect(await price()).toBe(7000);

    // Another instance changes the price: seen once the fold is older than the window.
    const seen = performance.now();
    await inner.appendToStream(
      stream,
      [
        {
          type: "ProductUpdated",
          data: { ...fields, pricePaise: 7500, productId },
          metadata: { schemaVersion: 1, correlationId: randomUUID(), causationId: randomUUID(), actor },
        },
      ],
      { expectedRevision: 1 },
    );
    while ((await price()) !== 7500) {
      expect(performance.now() - seen).toBeLessThan(freshMs + 200);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    // A command on the stream never trusts the window: it reads what others appended first.
    const next = await change("UpdateProduct", 8000);
    expect(next.state.status === "listed" && next.state.pricePaise).toBe(8000);
    expect((await inner.readStream(stream)).map((e) => (e.data as ProductFields).pricePaise)).toEqual([
      6500, 7000, 7500, 8000,
    ]);
  });
});
