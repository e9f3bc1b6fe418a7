import type { CartEvent, ProductDoc } from "@shop/contracts";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold } from "../testing/fold.ts";
import { cartsProjection } from "./carts.projection.ts";

const userId = "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const p1 = "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const p2 = "4f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const gone = "5f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const stream = `cart-${userId}`;
const added = (productId: string, quantity: number): CartEvent => ({
  type: "CartItemAdded",
  data: { userId, productId, quantity },
});

describe("carts projection", () => {
  it("adds to an existing line and keeps lines in the order first added", () => {
    expect(fold(cartsProjection, recorded(stream, [added(p1, 1), added(p2, 2), added(p1, 3)]))).toEqual({
      _id: userId,
      lines: [
        { productId: p1, quantity: 4 },
        { productId: p2, quantity: 2 },
      ],
      revision: 2,
    });
  });

  it("sets a quantity and removes a line", () => {
    const doc = fold(
      cartsProjection,
      recorded(stream, [
        added(p1, 1),
        added(p2, 2),
        { type: "CartItemQuantityChanged", data: { userId, productId: p1, quantity: 7 } },
        { type: "CartItemRemoved", data: { userId, productId: p2 } },
      ]),
    );
    expect(doc?.lines).toEqual([{ productId: p1, quantity: 7 }]);
  });

  it("empties the cart on CartCheckedOut and keeps the document (and its revision guard)", () => {
    const doc = fold(
      cartsProjection,
      recorded(stream, [added(p1, 1), added(p2, 2), { type: "CartCheckedOut", data: { userId, orderId } }]),
    );
    expect(doc).toEqual({ _id: userId, lines: [], revision: 2 });
  });

  it("announces cart.updated to the user only, with the cart joined to the current products", async () => {
    const docs = createMemoryDocumentStore();
    const product = (id: string, pricePaise: number, discountPaise: number): ProductDoc => ({
      _id: id,
      id,
      kind: "notebook",
      title: `Notebook ${pricePaise}`,
      author: "Classmate",
      publisher: "ITC",
      publishedOn: "2025-01-01",
      edition: "1",
      language: "English",
      pricePaise,
      discountPaise,
      description: "Ruled",
      imageUrl: "/media/stationeries/n.png",
      revision: 0,
    });
    await docs
      .collection<ProductDoc>("products")
      .replaceOne({ _id: p1 }, product(p1, 5000, 500), { upsert: true });
    await docs
      .collection<ProductDoc>("products")
      .replaceOne({ _id: p2 }, product(p2, 2000, 0), { upsert: true });
    const events = recorded(stream, [added(p1, 2), added(gone, 1), added(p2, 3)], 50);
    const last = events.at(-1);
    if (!last) throw new Error("no events");
    const notes = (await cartsProjection.notify?.(fold(cartsProjection, events), last, docs)) ?? [];
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ rooms: [`user:${userId}`], event: "cart.updated" });
    const payload = notes[0]?.payload as {
      position: string;
      cart: { items: { productId: string; product: object }[]; totals: object };
    };
    expect(payload.position).toBe("52");
    // A removed product cannot be bought: its line is left out of the joined cart.
    expect(payload.cart.items.map((i) => i.productId)).toEqual([p1, p2]);
    expect(payload.cart.items[0]?.product).not.toHaveProperty("revision");
    expect(payload.cart.totals).toEqual({ pricePaise: 16000, discountPaise: 1000, payablePaise: 15000 });
  });
});
