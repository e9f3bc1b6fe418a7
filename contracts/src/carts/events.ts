import { z } from "zod";

export const CartItemAdded = z.object({
  type: z.literal("CartItemAdded"),
  data: z.object({ userId: z.uuid(), productId: z.uuid(), quantity: z.number().int().min(1) }),
});
export const CartItemQuantityChanged = z.object({
  type: z.literal("CartItemQuantityChanged"),
  data: z.object({ userId: z.uuid(), productId: z.uuid(), quantity: z.number().int().min(1) }),
});
export const CartItemRemoved = z.object({
  type: z.literal("CartItemRemoved"),
  data: z.object({ userId: z.uuid(), productId: z.uuid() }),
});
/**
 * `lines` are what the order took: a checkout removes exactly those quantities, so a line added
 * while the order was being placed stays in the cart. Without `lines` the cart empties.
 */
export const CartCheckedOut = z.object({
  type: z.literal("CartCheckedOut"),
  data: z.object({
    userId: z.uuid(),
    orderId: z.uuid(),
    lines: z.array(z.object({ productId: z.uuid(), quantity: z.number().int().min(1) })).optional(),
  }),
});
export const CartEvent = z.discriminatedUnion("type", [
  CartItemAdded,
  CartItemQuantityChanged,
  CartItemRemoved,
  CartCheckedOut,
]);
export type CartEvent = z.infer<typeof CartEvent>;
