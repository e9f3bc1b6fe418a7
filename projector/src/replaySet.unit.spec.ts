import { createMemoryDocumentStore, type Doc } from "@shop/platform";
import { describe, expect, it } from "vitest";
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
