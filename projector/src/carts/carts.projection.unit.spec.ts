import type { CartDoc, CartEvent, ProductDoc, ProductEvent, ProductFields } from "@shop/contracts";
import { createMemoryDocumentStore, type DocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import type { ProjectedEvent } from "../projection.ts";
import { storeReadModels } from "../readModels.ts";
import { recorded } from "../testing/events.ts";
import { cartsProjection } from "./carts.projection.ts";

const alice = "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const bob = "2e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const carol = "3e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const p1 = "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const p2 = "4f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const gone = "5f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";

const fields = (title: string, pricePaise: number, discountPaise = 0): ProductFields => ({
  kind: "notebook",
  title,
  author: "Classmate",
  publisher: "ITC",
  publishedOn: "2025-01-01",
  edition: "1",
  language: "English",
  pricePaise,
  discountPaise,
  description: "Ruled",
  imageUrl: "/media/stationeries/n.png",
});

/** A read model store holding two listed products, and a way to run events through the projection. */
const shop = async () => {
  const docs = createMemoryDocumentStore();
  const products = docs.collection<ProductDoc>("products");
  for (const [id, f] of [
    [p1, fields("Long Notebook", 5000, 500)],
    [p2, fields("Sketch Pens", 2000)],
  ] as const)
    await products.replaceOne(
      { _id: id },
      { _id: id, id, ...f, searchTokens: [], revision: 0 },
      { upsert: true },
    );
  let position = 100;
  const run = async (events: ProjectedEvent[]) => {
    const notes = [];
    for (const e of events) {
      position += 1;
      const at = { ...e, position: String(position) } as Parameters<typeof cartsProjection.apply>[1];
      notes.push(...(await cartsProjection.apply(storeReadModels(docs), at, true)));
    }
    return notes;
  };
  const cart = (userId: string) => docs.collection<CartDoc>("carts").findOne({ _id: userId });
  return { docs, run, cart };
};

const cartEvents = (userId: string, events: CartEvent[]) => recorded(`cart-${userId}`, events);
const added = (userId: string, productId: string, quantity: number): CartEvent => ({
  type: "CartItemAdded",
  data: { userId, productId, quantity },
});
/** The product's own stream: the update at `revision` (the products projection has stored it). */
const productUpdate = async (
  docs: DocumentStore,
  productId: string,
  revision: number,
  f: ProductFields,
): Promise<ProjectedEvent<ProductEvent>> => {
  await docs
    .collection<ProductDoc>("products")
    .replaceOne(
      { _id: productId },
      { _id: productId, id: productId, ...f, searchTokens: [], revision },
      { upsert: true },
    );
  const [e] = recorded(`product-${productId}`, [
    { type: "ProductUpdated", data: { productId, ...f } } as ProductEvent,
  ]);
  return { ...(e as ProjectedEvent<ProductEvent>), revision };
};
const productRemoval = async (docs: DocumentStore, productId: string, revision: number) => {
  await docs.collection("products").deleteOne({ _id: productId });
  const [e] = recorded(`product-${productId}`, [
    { type: "ProductRemoved", data: { productId } } as ProductEvent,
  ]);
  return { ...(e as ProjectedEvent<ProductEvent>), revision };
};

describe("carts projection: the customer's commands", () => {
  it("adds to an existing line, keeps lines in the order first added, each with its product", async () => {
    const { run, cart } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 1), added(alice, p2, 2), added(alice, p1, 3)]));
    const doc = await cart(alice);
    expect(doc?.lines.map((l) => [l.productId, l.quantity, l.product.title])).toEqual([
      [p1, 4, "Long Notebook"],
      [p2, 2, "Sketch Pens"],
    ]);
    expect(doc?.revision).toBe(2);
  });

  it("sets a quantity, removes a line, and leaves out a product the catalogue no longer has", async () => {
    const { run, cart } = await shop();
    await run(
      cartEvents(alice, [
        added(alice, p1, 1),
        added(alice, p2, 2),
        added(alice, gone, 1),
        { type: "CartItemQuantityChanged", data: { userId: alice, productId: p1, quantity: 7 } },
        { type: "CartItemRemoved", data: { userId: alice, productId: p2 } },
      ]),
    );
    expect((await cart(alice))?.lines.map((l) => [l.productId, l.quantity])).toEqual([[p1, 7]]);
  });

  it("takes the ordered quantities out on CartCheckedOut and keeps the document (and its revision guard)", async () => {
    const { run, cart } = await shop();
    await run(
      cartEvents(alice, [
        added(alice, p1, 3),
        added(alice, p2, 2),
        { type: "CartCheckedOut", data: { userId: alice, orderId, lines: [{ productId: p1, quantity: 1 }] } },
        { type: "CartCheckedOut", data: { userId: alice, orderId } },
      ]),
    );
    expect(await cart(alice)).toEqual({ _id: alice, lines: [], changes: [], revision: 3 });
  });

  it("announces cart.updated to the user only, with the Cart the API answers", async () => {
    const { run } = await shop();
    const notes = await run(cartEvents(alice, [added(alice, p1, 2), added(alice, p2, 3)]));
    expect(notes.map((n) => [n.event, n.rooms])).toEqual([
      ["cart.updated", [`user:${alice}`]],
      ["cart.updated", [`user:${alice}`]],
    ]);
    const payload = notes[1]?.payload as { position: string; cart: { items: object[]; totals: object } };
    expect(payload.position).toBe("102");
    expect(payload.cart.items[0]).toEqual({
      productId: p1,
      quantity: 2,
      product: { id: p1, ...fields("Long Notebook", 5000, 500) },
    });
    expect(payload.cart.totals).toEqual({ pricePaise: 16000, discountPaise: 1000, payablePaise: 15000 });
    expect(payload.cart).not.toHaveProperty("changes");
  });

  it("applies a cart event once: the same event again changes nothing and announces nothing", async () => {
    const { run, cart } = await shop();
    const events = cartEvents(alice, [added(alice, p1, 2)]);
    await run(events);
    expect(await run(events)).toEqual([]);
    expect((await cart(alice))?.lines[0]?.quantity).toBe(2);
  });
});

describe("carts projection: a catalogue change to a product in carts", () => {
  it("reprices the line in every cart holding the product and tells each customer old → new", async () => {
    const { docs, run, cart } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 2), added(alice, p2, 1)]));
    await run(cartEvents(bob, [added(bob, p1, 1)]));
    await run(cartEvents(carol, [added(carol, p2, 1)]));
    const carolBefore = await cart(carol);

    const notes = await run([await productUpdate(docs, p1, 1, fields("Long Notebook", 6000, 500))]);

    expect(notes.map((n) => [n.event, n.rooms[0]]).sort()).toEqual([
      ["cart.productChanged", `user:${alice}`],
      ["cart.productChanged", `user:${bob}`],
    ]);
    const change = {
      productId: p1,
      before: { title: "Long Notebook", payablePaise: 4500 },
      after: { title: "Long Notebook", payablePaise: 5500 },
    };
    const toAlice = notes.find((n) => n.rooms[0] === `user:${alice}`)?.payload as {
      cart: { totals: { payablePaise: number }; changes: object[] };
      change: object;
    };
    expect(toAlice.change).toEqual(change);
    expect(toAlice.cart.totals.payablePaise).toBe(2 * 5500 + 2000);
    expect(toAlice.cart.changes).toEqual([change]);
    expect((await cart(alice))?.lines[0]?.product.pricePaise).toBe(6000);
    expect(await cart(carol)).toEqual(carolBefore);
  });

  it("is replay-safe: the same product event twice makes one change and one announcement", async () => {
    const { docs, run, cart } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 2)]));
    const update = await productUpdate(docs, p1, 1, fields("Long Notebook", 6000, 500));
    expect(await run([update])).toHaveLength(1);
    const once = await cart(alice);
    expect(await run([update])).toEqual([]);
    expect(await cart(alice)).toEqual(once);
    expect(once?.changes).toHaveLength(1);
  });

  it("keeps what the customer last saw across two changes, and forgets a price that came back", async () => {
    const { docs, run, cart } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 1)]));
    await run([await productUpdate(docs, p1, 1, fields("Long Notebook", 6000, 500))]);
    await run([await productUpdate(docs, p1, 2, fields("Long Notebook (2025)", 7000, 500))]);
    expect((await cart(alice))?.changes).toEqual([
      {
        productId: p1,
        before: { title: "Long Notebook", payablePaise: 4500 },
        after: { title: "Long Notebook (2025)", payablePaise: 6500 },
      },
    ]);
    const back = await run([await productUpdate(docs, p1, 3, fields("Long Notebook", 5000, 500))]);
    expect(back.map((n) => n.event)).toEqual(["cart.updated"]);
    expect((await cart(alice))?.changes).toEqual([]);
  });

  it("takes a removed product out of the cart and says so; the customer's next touch clears the notice", async () => {
    const { docs, run, cart } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 1), added(alice, p2, 1)]));
    const notes = await run([await productRemoval(docs, p2, 1)]);
    expect(notes[0]?.payload).toMatchObject({
      change: { productId: p2, before: { title: "Sketch Pens", payablePaise: 2000 }, after: null },
    });
    expect((await cart(alice))?.lines.map((l) => l.productId)).toEqual([p1]);

    await run([await productUpdate(docs, p1, 1, fields("Long Notebook", 6000, 500))]);
    const [, , touch] = cartEvents(alice, [
      added(alice, p1, 1),
      added(alice, p2, 1),
      { type: "CartItemQuantityChanged", data: { userId: alice, productId: p1, quantity: 3 } },
    ]);
    await run([touch as ProjectedEvent<CartEvent>]);
    expect((await cart(alice))?.changes.map((c) => c.productId)).toEqual([p2]);
  });

  it("renames a book's school on the cart line once, quietly", async () => {
    const { docs, run, cart } = await shop();
    const schoolId = "0b6c0f8e-1d2a-4c3b-8e4f-5a6b7c8d9e0f";
    const book = { ...fields("English Class 8", 29_000), kind: "book" as const, schoolId, class: 8 };
    await docs
      .collection<ProductDoc>("products")
      .replaceOne(
        { _id: gone },
        { _id: gone, id: gone, ...book, schoolName: "DPS", schoolRevision: 0, searchTokens: [], revision: 0 },
        { upsert: true },
      );
    await run(cartEvents(alice, [added(alice, gone, 1)]));
    const school = {
      name: "Delhi Public School Pune",
      imageUrl: "/media/schools/d.png",
      location: "Hadapsar",
      area: "Hadapsar",
      district: "Pune",
      state: "Maharashtra",
      pincode: 411028,
      board: "CBSE",
      medium: "English",
    };
    const [, renamed] = recorded(`school-${schoolId}`, [
      { type: "SchoolRegistered", data: { schoolId, ...school, name: "DPS" } },
      { type: "SchoolUpdated", data: { schoolId, ...school } },
    ]);
    if (!renamed) throw new Error("no event");
    const notes = await run([renamed]);
    expect(notes.map((n) => n.event)).toEqual(["cart.updated"]);
    expect((await cart(alice))?.lines[0]?.product.schoolName).toBe("Delhi Public School Pune");
    expect(await run([renamed])).toEqual([]);
  });

  it("changes no cart for a product nobody holds", async () => {
    const { docs, run } = await shop();
    await run(cartEvents(alice, [added(alice, p1, 1)]));
    expect(await run([await productUpdate(docs, p2, 1, fields("Sketch Pens", 9000))])).toEqual([]);
  });
});
