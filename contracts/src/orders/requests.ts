import { z } from "zod";
import { Address, Id, PAISE_MAX } from "../shared/fields.ts";
import { body } from "../shared/forms.ts";
import { ORDER_LINES_MAX, ORDER_QUANTITY_MAX, OrderLimitTexts, repeatedLine } from "./policy.ts";
import { ORDER_STATUSES } from "./status.ts";

const OrderQuantity = z.number().int().min(1).max(ORDER_QUANTITY_MAX);
export const OrderItemInput = z.object({ productId: Id, quantity: OrderQuantity }).strict();
/** An order's lines: at least one, at most ORDER_LINES_MAX (policy.ts), each product on one line. */
export const OrderItems = z
  .array(OrderItemInput)
  .min(1)
  .max(ORDER_LINES_MAX, OrderLimitTexts.tooManyLines)
  .superRefine((lines, ctx) => {
    const repeated = repeatedLine(lines);
    if (repeated)
      ctx.addIssue({
        code: "custom",
        path: [repeated.index, "productId"],
        message: OrderLimitTexts.repeated(repeated.index, repeated.first),
      });
  });
/** An order's total as its screen showed it: up to every line's most at the highest price. */
const OrderTotalPaise = z
  .number()
  .int()
  .min(0)
  .max(ORDER_LINES_MAX * ORDER_QUANTITY_MAX * PAISE_MAX);
/** What the customer says about an order however it is placed: POST /orders and the cart's checkout. */
export const orderDetailsShape = {
  shippingAddress: Address,
  expectedPayablePaise: OrderTotalPaise.optional(),
};
export const PlaceOrderBody = body(
  z.object({
    orderId: Id,
    items: OrderItems,
    ...orderDetailsShape,
    source: z.enum(["direct", "school"]).optional(),
  }),
  ["orderId", "items", "shippingAddress"],
);
export const StatusBody = body(z.object({ status: z.union(ORDER_STATUSES.map((s) => z.literal(s))) }), [
  "status",
]);
export const OtpBody = body(z.object({ otp: z.string().regex(/^\d{6}$/, "The OTP has 6 digits") }), ["otp"]);
