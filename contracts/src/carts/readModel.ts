import { z } from "zod";
import { type ProductDoc, ProductSchema, productView } from "../products/readModel.ts";
import { sumTotals } from "../shared/money.ts";
import { AnswerFields, type CollectionSpec, docFields, totalsShape } from "../shared/readModel.ts";

export const CartLineSchema = z.strictObject({
  productId: AnswerFields.id,
  quantity: z.number().int(),
  product: ProductSchema,
});
export type CartLine = z.infer<typeof CartLineSchema>;
export const CartSchema = z.strictObject({
  items: z.array(CartLineSchema),
  totals: z.strictObject(totalsShape),
});
export type Cart = z.infer<typeof CartSchema>;

export const CartLineRefSchema = z.strictObject({
  productId: AnswerFields.id,
  quantity: z.number().int().min(1),
});
export type CartLineRef = z.infer<typeof CartLineRefSchema>;
/** One cart per user (`_id` is the user's id), lines in the order they were first added; prices are joined when read. */
export const CartDocSchema = z.strictObject({ ...docFields, lines: z.array(CartLineRefSchema) });
export type CartDoc = z.infer<typeof CartDocSchema>;

export const cartsCollection: CollectionSpec = { name: "carts", indexes: [] };

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

/** The products collection as a cart reads it (a slice of platform's document port). */
export interface ProductsReader {
  find(filter: Record<string, unknown>): Promise<ProductDoc[]>;
}

/** Reads the products a cart names and joins them (one `$in` query on `_id`). */
export const cartOf = async (
  products: ProductsReader,
  cart: { lines: CartLineRef[] } | null,
): Promise<Cart> => {
  const lines = cart?.lines ?? [];
  const found = lines.length ? await products.find({ _id: { $in: lines.map((l) => l.productId) } }) : [];
  return joinCart(lines, found);
};
