import type { AddressInfo } from "node:net";
import {
  CATALOGUE_VERSION_ID,
  catalogueVersionCollection,
  ordersCollection,
  type Product,
  productsCollection,
  searchTokensOf,
} from "@shop/contracts";
import { createMemoryDocumentStore, saveCheckpoint } from "@shop/platform";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { QueryApiDeps } from "../deps.ts";
import { searchRoutes } from "./routes.ts";

/**
 * The search cache against the catalogue's version, on a memory store the test writes as the
 * projector would: product documents, the version document, an order and the checkpoint.
 */
describe("GET /api/search keeps the catalogue while only orders move", () => {
  const docs = createMemoryDocumentStore();
  const products = docs.collection(productsCollection.name);
  let productReads = 0;
  const find = products.find.bind(products);
  products.find = (filter, opts) => {
    productReads++;
    return find(filter, opts);
  };
  let position = 0;
  const moveTo = async () => {
    position += 1;
    await saveCheckpoint(docs, String(position));
    return String(position);
  };
  const addProduct = async (id: string, title: string) => {
    await products.storeMany([
      { _id: id, id, kind: "stationery", title, revision: 1, searchTokens: searchTokensOf([title]) },
    ]);
    const at = await moveTo();
    await docs
      .collection(catalogueVersionCollection.name)
      .replaceOne(
        { _id: CATALOGUE_VERSION_ID },
        { _id: CATALOGUE_VERSION_ID, position: at },
        { upsert: true },
      );
  };
  const placeOrder = async () => {
    const at = await moveTo();
    await docs.collection(ordersCollection.name).storeMany([{ _id: `order-${at}`, position: at }]);
  };
  const progress = {
    current: () => String(position),
    position: async () => String(position),
    waitFor: async () => true,
  };
  let url = "";
  let server: ReturnType<ReturnType<typeof express>["listen"]>;

  beforeAll(async () => {
    const app = express();
    app.use("/api", searchRoutes({ docs, progress } as unknown as QueryApiDeps));
    server = app.listen(0);
    await new Promise((r) => server.once("listening", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((r) => server.close(r)));

  const search = async (q: string) => {
    const res = await fetch(`${url}/api/search?q=${encodeURIComponent(q)}`);
    expect(res.status).toBe(200);
    return ((await res.json()) as { products: Product[] }).products.map((p) => p.title);
  };

  it("reads the products once across order events, and again after a catalogue event", async () => {
    await addProduct("p1", "Vextrel Pencil");
    expect(await search("vextrel")).toEqual(["Vextrel Pencil"]);
    const reads = productReads;

    await placeOrder();
    await placeOrder();
    expect(await search("vextrel")).toEqual(["Vextrel Pencil"]);
    expect(await search("pencil")).toEqual(["Vextrel Pencil"]);
    expect(productReads).toBe(reads);

    await addProduct("p2", "Vextrel Eraser");
    expect(await search("vextrel")).toEqual(["Vextrel Eraser", "Vextrel Pencil"]);
    expect(productReads).toBe(reads + 1);
  });
});
