import type { DocumentStore } from "@shop/platform";
import type { Projection, ReadDoc } from "../projection.ts";
import { rooms } from "../projection.ts";
import { cartOf } from "./cartView.ts";

export interface CartLineRef {
  productId: string;
  quantity: number;
}
/** One cart per user, lines in the order they were first added; prices are joined when read. */
export type CartDoc = ReadDoc & { lines: CartLineRef[] };

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

export const cartsProjection: Projection<CartDoc> = {
  name: "carts",
  collection: "carts",
  canHandle: ["CartItemAdded", "CartItemQuantityChanged", "CartItemRemoved", "CartCheckedOut"],
  documentId: (e) => (e.data as { userId: string }).userId,
  evolve(doc, e) {
    const lines = doc?.lines ?? [];
    const userId = (e.data as { userId: string }).userId;
    const next = (l: CartLineRef[]): CartDoc => ({ _id: userId, lines: l, revision: e.revision });
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
        return next(checkOut(lines, (e.data as { lines?: CartLineRef[] }).lines));
      default:
        return doc;
    }
  },
  // The payload is the Cart the API answers, joined with the products as they stand at this
  // event's position, so a client can show it without a refetch; a later price change comes as
  // `catalogue.updated`, on which clients refetch the cart.
  async notify(after, e, read: DocumentStore) {
    if (!after) return [];
    return [
      {
        rooms: [rooms.user(after._id)],
        event: "cart.updated",
        payload: { position: e.position, cart: await cartOf(read, after) },
      },
    ];
  },
};
