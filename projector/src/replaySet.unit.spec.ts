import type { DomainEvent } from "@shop/contracts";
import { createMemoryDocumentStore, type Doc } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { multiStream } from "./multiStreamWrite.ts";
import type { PositionedDoc, ProjectedEvent } from "./projection.ts";
import { ReplaySet } from "./replaySet.ts";

type Cart = Doc & { revision: number; n: number };
const cart = (id: string, revision: number, n = revision): Cart => ({ _id: id, revision, n });

describe("a rebuild's working set as the store-backed projections' read models", () => {
  it("answers what was written through it, and writes it to the store in a flush", async () => {
    const docs = createMemoryDocumentStore();
    const set = new ReplaySet(docs, ["carts"]);
    expect(await set.get("carts", "a")).toBeNull();
    expect(await set.write("carts", "a", null, cart("a", 0), "revision")).toBe(true);
    expect(await set.get("carts", "a")).toEqual(cart("a", 0));
    expect(await docs.collection("carts").findOne({ _id: "a" })).toBeNull();
    await set.flush();
    expect(await docs.collection("carts").findOne({ _id: "a" })).toEqual(cart("a", 0));
  });

  it("refuses a write over a document changed since it was read, as the store's compare-and-set", async () => {
    const set = new ReplaySet(createMemoryDocumentStore(), ["carts"]);
    await set.write("carts", "a", null, cart("a", 0), "revision");
    await set.write("carts", "a", cart("a", 0), cart("a", 1), "revision");
    expect(await set.write("carts", "a", cart("a", 0), cart("a", 2), "revision")).toBe(false);
    expect(await set.write("carts", "b", cart("b", 0), cart("b", 1), "revision")).toBe(false);
    expect(await set.get("carts", "a")).toEqual(cart("a", 1));
    expect(await set.get("carts", "b")).toBeNull();
    expect(await set.write("carts", "a", cart("a", 1), null, "revision")).toBe(true);
    expect(await set.get("carts", "a")).toBeNull();
  });

  it("answers a query from the store after writing what it holds", async () => {
    const docs = createMemoryDocumentStore();
    const set = new ReplaySet(docs, ["carts"]);
    await set.write("carts", "a", null, cart("a", 0, 5), "revision");
    await set.write("carts", "b", null, cart("b", 0, 6), "revision");
    expect(await set.find("carts", { n: 6 })).toEqual([cart("b", 0, 6)]);
  });

  it("reads back the documents it forgot", async () => {
    const docs = createMemoryDocumentStore();
    const set = new ReplaySet(docs, ["carts"], { flushEvery: 2, maxCached: 1 });
    await set.write("carts", "a", null, cart("a", 0), "revision");
    await set.write("carts", "b", null, cart("b", 0), "revision");
    expect(await set.getMany("carts", ["a", "b", "c"])).toEqual(
      new Map([
        ["a", cart("a", 0)],
        ["b", cart("b", 0)],
      ]),
    );
    expect(await set.write("carts", "a", cart("a", 0), cart("a", 1), "revision")).toBe(true);
    expect(await set.get("carts", "a")).toEqual(cart("a", 1));
  });

  it("reads other collections from the store and writes none of them", async () => {
    const docs = createMemoryDocumentStore();
    await docs.collection("products").replaceOne({ _id: "p" }, { _id: "p", revision: 3 }, { upsert: true });
    const set = new ReplaySet(docs, ["carts"]);
    expect(await set.get("products", "p")).toEqual({ _id: "p", revision: 3 });
    await expect(set.write("products", "p", null, { _id: "p" }, "revision")).rejects.toThrow(/does not own/);
  });
});

describe("a multi-stream projection on a rebuild's working set", () => {
  type Counter = PositionedDoc & { n: number };
  // Each event adds its `by` to the counter `id`, twice over when `twice`: the second change of the
  // same document in one event sees the first and is skipped, as `applyMultiStreamChanges` does.
  const counters = multiStream<Counter, DomainEvent>({
    name: "counters",
    collection: "counters",
    indexes: [],
    canHandle: [],
    async changes(e, own) {
      const { id, by, twice } = e.data as unknown as { id: string; by: number; twice?: boolean };
      const seen = await own([id]);
      const change = {
        id,
        evolve: (doc: Counter | null) => ({ _id: id, n: (doc?.n ?? seen.get(id)?.n ?? 0) + by }),
      };
      return twice ? [change, change] : [change];
    },
  });
  const event = (position: number, data: object) =>
    ({ type: "X", data, position: String(position), revision: 0 }) as unknown as ProjectedEvent;

  it.each([
    ["every document held", {}],
    ["documents forgotten and read back", { flushEvery: 1, maxCached: 0 }],
  ] as const)("applies each event once per document, at its position (%s)", async (_how, opts) => {
    const docs = createMemoryDocumentStore();
    const set = new ReplaySet(docs, ["counters"], opts);
    await set.applyMultiStream(counters, event(9, { id: "a", by: 1 }));
    await set.applyMultiStream(counters, event(10, { id: "a", by: 2, twice: true }));
    await set.applyMultiStream(counters, event(10, { id: "a", by: 5 }));
    await set.applyMultiStream(counters, event(11, { id: "b", by: 4 }));
    await set.flush();
    expect(await docs.collection("counters").find({})).toEqual([
      { _id: "a", n: 3, position: "10" },
      { _id: "b", n: 4, position: "11" },
    ]);
  });
});
