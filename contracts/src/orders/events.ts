import { z } from "zod";
import { PRODUCT_KINDS } from "../products/events.ts";
import { ORDER_STATUSES } from "./status.ts";

const Status = z.union(ORDER_STATUSES.map((s) => z.literal(s)));

export const OrderLineSnapshot = z.object({
  productId: z.uuid(),
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  author: z.string(),
  imageUrl: z.string(),
  pricePaise: z.number().int(),
  discountPaise: z.number().int(),
  quantity: z.number().int().min(1),
  /** The school a school book belongs to (orders placed before it was recorded have none). */
  schoolId: z.uuid().optional(),
});
export type OrderLineSnapshot = z.infer<typeof OrderLineSnapshot>;

export const ORDER_SOURCES = ["direct", "school", "cart", "booklist"] as const;

export const OrderPlaced = z.object({
  type: z.literal("OrderPlaced"),
  data: z.object({
    orderId: z.uuid(),
    customer: z.object({ userId: z.uuid(), name: z.string(), email: z.string(), contact: z.string() }),
    shippingAddress: z.string(),
    items: z.array(OrderLineSnapshot).min(1),
    totals: z.object({
      pricePaise: z.number().int(),
      discountPaise: z.number().int(),
      payablePaise: z.number().int(),
    }),
    source: z.object({ kind: z.enum(ORDER_SOURCES), bookListId: z.uuid().optional() }),
    /** A digest of who asked for what: a retried submit with the same content is the same order. */
    requestDigest: z.string(),
    placedAt: z.string(),
  }),
});
export const OrderStatusChanged = z.object({
  type: z.literal("OrderStatusChanged"),
  data: z.object({ orderId: z.uuid(), from: Status, to: Status, changedAt: z.string() }),
});
/** The OTP itself never enters the log; only where it went and when it expires. */
export const DeliveryOtpSent = z.object({
  type: z.literal("DeliveryOtpSent"),
  data: z.object({ orderId: z.uuid(), sentTo: z.string(), expiresAt: z.string(), sentAt: z.string() }),
});
export const OrderDelivered = z.object({
  type: z.literal("OrderDelivered"),
  data: z.object({ orderId: z.uuid(), from: Status, deliveredAt: z.string() }),
});
export const OrderEvent = z.discriminatedUnion("type", [
  OrderPlaced,
  OrderStatusChanged,
  DeliveryOtpSent,
  OrderDelivered,
]);
export type OrderEvent = z.infer<typeof OrderEvent>;
export type OrderPlacedData = z.infer<typeof OrderPlaced>["data"];
