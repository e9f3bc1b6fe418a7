import { z } from "zod";
import { orderDetailsShape } from "../orders/requests.ts";
import { Quantity } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";

export const AddCartItemBody = body(z.object({ productId: z.uuid(), quantity: Quantity.optional() }), [
  "productId",
]);
export const ChangeCartQuantityBody = body(z.object({ quantity: z.number().int().min(0).max(99) }), [
  "quantity",
]);
export const CheckoutBody = body(z.object({ orderId: z.uuid(), ...orderDetailsShape }), [
  "orderId",
  "shippingAddress",
]);
