import { z } from "zod";
import { Address, Id, Paise, Quantity } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { ORDER_STATUSES } from "./status.ts";

export const OrderItemInput = z.object({ productId: Id, quantity: Quantity }).strict();
/** What the customer says about an order however it is placed: POST /orders and the cart's checkout. */
export const orderDetailsShape = { shippingAddress: Address, expectedPayablePaise: Paise.optional() };
export const PlaceOrderBody = body(
  z.object({
    orderId: Id,
    items: z.array(OrderItemInput).min(1).max(100),
    ...orderDetailsShape,
    source: z.enum(["direct", "school"]).optional(),
  }),
  ["orderId", "items", "shippingAddress"],
);
export const StatusBody = body(z.object({ status: z.union(ORDER_STATUSES.map((s) => z.literal(s))) }), [
  "status",
]);
export const OtpBody = body(z.object({ otp: z.string().regex(/^\d{6}$/, "The OTP has 6 digits") }), ["otp"]);
