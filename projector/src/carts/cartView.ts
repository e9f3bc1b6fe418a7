import { type Cart, type CartLine, sumTotals } from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import type { ProductDoc } from "../products/products.projection.ts";
import { productView } from "../products/products.projection.ts";
import type { CartLineRef } from "./carts.projection.ts";

/**
 * The API's Cart: each line with its product as the catalogue has it now. A line whose product
 * was removed is left out (it cannot be bought; checkout prices from the catalogue too).
 */
export const joinCart = (lines: CartLineRef[], products: ProductDoc[]): Cart => {
  const byId = new Map(products.map((p) => [p._id, p]));
  const items: CartLine[] = lines.flatMap((l) => {
    const product = byId.get(l.productId);
    return product ? [{ productId: l.productId, quantity: l.quantity, product: productView(product) }] : [];
  });
  return {
    items,
    totals: sumTotals(items.map((i) => ({ ...i.product, quantity: i.quantity }))),
  };
};

/** Reads the products a cart names and joins them (one `$in` query on `_id`). */
export const cartOf = async (read: DocumentStore, cart: { lines: CartLineRef[] } | null): Promise<Cart> => {
  const lines = cart?.lines ?? [];
  const products = lines.length
    ? await read.collection<ProductDoc>("products").find({ _id: { $in: lines.map((l) => l.productId) } })
    : [];
  return joinCart(lines, products);
};
