import {
  type CartDoc,
  type CartEvent,
  type CartLineRef,
  cartOf,
  cartsCollection,
  type ProductDoc,
  productsCollection,
  rooms,
} from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import type { Projection } from "../projection.ts";

const setLine = (lines: CartLineRef[], productId: string, quantity: number): CartLineRef[] =>
  lines.some((l) => l.productId === productId)
    ? lines.map((l) => (l.productId === productId ? { productId, quantity } : l))
    : [...lines, { productId, quantity }];

/**
 * A checkout that names its lines takes exactly those quantities out (what was added meanwhile
 * stays, as in the cart decider); one without lines empties the cart.
 */
const checkOut = (lines: CartLineRef[], ordered: CartLineRef[] | undefined): CartLineRef[] => {
  if (!ordered) return [];
  return lines.flatMap((l) => {
    const left =
      l.quantity - ordered.filter((o) => o.productId === l.productId).reduce((n, o) => n + o.quantity, 0);
    return left > 0 ? [{ productId: l.productId, quantity: left }] : [];
  });
};

export const cartsProjection: Projection<CartDoc, CartEvent> = {
  name: "carts",
  collection: cartsCollection.name,
  indexes: cartsCollection.indexes,
  canHandle: ["CartItemAdded", "CartItemQuantityChanged", "CartItemRemoved", "CartCheckedOut"],
  documentId: (e) => e.data.userId,
  evolve(doc, e) {
    const lines = doc?.lines ?? [];
    const next = (l: CartLineRef[]): CartDoc => ({ _id: e.data.userId, lines: l, revision: e.revision });
    switch (e.type) {
      case "CartItemAdded": {
        const had = lines.find((l) => l.productId === e.data.productId)?.quantity ?? 0;
        return next(setLine(lines, e.data.productId, had + e.data.quantity));
      }
      case "CartItemQuantityChanged":
        return next(setLine(lines, e.data.productId, e.data.quantity));
      case "CartItemRemoved":
        return next(lines.filter((l) => l.productId !== e.data.productId));
      case "CartCheckedOut":
        return next(checkOut(lines, e.data.lines));
      default: {
        const never: never = e;
        return never;
      }
    }
  },
  // The payload is the Cart the API answers, joined with the products as they stand at this
  // event's position, so a client can show it without a refetch; a later price change comes as
  // `catalogue.updated`, on which clients refetch the cart.
  async notify(after, e, read: DocumentStore) {
    if (!after) return [];
    const products = read.collection<ProductDoc>(productsCollection.name);
    return [
      {
        rooms: [rooms.user(after._id)],
        event: "cart.updated",
        payload: { position: e.position, cart: await cartOf(products, after) },
      },
    ];
  },
};
