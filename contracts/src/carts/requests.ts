import { z } from "zod";
import { orderDetailsShape } from "../orders/requests.ts";
import { Id, Quantity } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";

export const AddCartItemBody = body(z.object({ productId: Id, quantity: Quantity.optional() }), [
  "productId",
]);
export const ChangeCartQuantityBody = body(z.object({ quantity: z.number().int().min(0).max(99) }), [
  "quantity",
]);
export const CheckoutBody = body(z.object({ orderId: Id, ...orderDetailsShape }), [
  "orderId",
  "shippingAddress",
]);
