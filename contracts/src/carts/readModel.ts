import { z } from "zod";
import { ProductSchema } from "../products/readModel.ts";
import { payablePaise, sumTotals } from "../shared/money.ts";
import { AnswerFields, type CollectionSpec, docFields, totalsShape } from "../shared/readModel.ts";

export const CartLineSchema = z.strictObject({
  productId: AnswerFields.id,
  quantity: z.number().int(),
  product: ProductSchema,
});
export type CartLine = z.infer<typeof CartLineSchema>;

/** What the customer saw of a product in the cart, and what the catalogue says now. */
const SeenProduct = z.strictObject({ title: z.string(), payablePaise: AnswerFields.paise });
/**
 * A catalogue change to a product in the cart that the customer has not acted on yet: its title
 * or price (`before` is what the cart showed when the customer last touched the line), or its
 * removal (`after` null: the line left the cart).
 */
export const CartChangeSchema = z.strictObject({
  productId: AnswerFields.id,
  before: SeenProduct,
  after: SeenProduct.nullable(),
});
export type CartChange = z.infer<typeof CartChangeSchema>;

/** `changes` is there only while some catalogue change waits for the customer to see it. */
export const CartSchema = z.strictObject({
  items: z.array(CartLineSchema),
  totals: z.strictObject(totalsShape),
  changes: z.array(CartChangeSchema).optional(),
});
export type Cart = z.infer<typeof CartSchema>;

/**
 * A line of the cart document: the product as the catalogue had it at `productRevision` (the
 * product stream's revision, the guard that makes a replayed product event change nothing), its
 * school named as at `schoolRevision` (the same guard for a school's rename).
 */
export const CartDocLineSchema = z.strictObject({
  productId: AnswerFields.id,
  quantity: z.number().int().min(1),
  product: ProductSchema,
  productRevision: z.number().int(),
  schoolRevision: z.number().int().optional(),
});
export type CartDocLine = z.infer<typeof CartDocLineSchema>;
/**
 * One cart per user (`_id` is the user's id), lines in the order they were first added. The
 * projector keeps each line's product current (a price, title or removal reaches every cart
 * holding the product), so a cart is read as it is stored.
 */
export const CartDocSchema = z.strictObject({
  ...docFields,
  lines: z.array(CartDocLineSchema),
  changes: z.array(CartChangeSchema),
});
export type CartDoc = z.infer<typeof CartDocSchema>;

/** The product's lines index finds the carts a catalogue change reaches. */
export const cartsCollection: CollectionSpec = {
  name: "carts",
  indexes: [{ keys: { "lines.productId": 1 } }],
};

export const seenOf = (p: { title: string; pricePaise: number; discountPaise: number }) => ({
  title: p.title,
  payablePaise: payablePaise(p.pricePaise, p.discountPaise),
});

/** The API's Cart from the stored document (an absent cart is an empty one). */
export const cartView = (doc: Pick<CartDoc, "lines" | "changes"> | null): Cart => {
  const items: CartLine[] = (doc?.lines ?? []).map((l) => ({
    productId: l.productId,
    quantity: l.quantity,
    product: l.product,
  }));
  const totals = sumTotals(items.map((i) => ({ ...i.product, quantity: i.quantity })));
  return doc?.changes.length ? { items, totals, changes: doc.changes } : { items, totals };
};
