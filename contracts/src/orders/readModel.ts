import { z } from "zod";
import {
  AnswerFields,
  assertSame,
  type CollectionSpec,
  CustomerAnswer,
  docFields,
  totalsShape,
} from "../shared/readModel.ts";
import { OrderLineSnapshot } from "./events.ts";
import type { CustomerKeys } from "./filters.ts";

const summaryShape = {
  id: AnswerFields.id,
  shortId: z.string(),
  placedAt: AnswerFields.time,
  status: z.number().int(),
  itemsCount: z.number().int(),
  firstItem: z.strictObject({ title: z.string(), imageUrl: z.string() }),
  customer: CustomerAnswer,
  shippingAddress: z.string(),
  payablePaise: z.number().int(),
};
export const OrderSummarySchema = z.strictObject(summaryShape);
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const TimelineEntrySchema = z.strictObject({
  at: AnswerFields.time,
  type: z.enum(["OrderPlaced", "OrderStatusChanged", "DeliveryOtpSent", "OrderDelivered"]),
  by: z.strictObject({ name: z.string(), accType: z.number().int().optional() }),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  note: z.string().optional(),
});
export type TimelineEntry = z.infer<typeof TimelineEntrySchema>;
export type TimelineType = TimelineEntry["type"];

export type OrderLine = OrderLineSnapshot;
export const OrderSchema = z.strictObject({
  ...summaryShape,
  items: z.array(OrderLineSnapshot.strict()),
  totals: z.strictObject({ ...totalsShape, shippingPaise: z.literal(0) }),
  timeline: z.array(TimelineEntrySchema),
  position: z.string(),
});
export type Order = z.infer<typeof OrderSchema>;

/** The order right after an event: folded from its stream up to it by contracts' `evolveOrder`. */
export const OrderAfterSchema = z.strictObject({
  status: z.number().int(),
  items: z.array(OrderLineSnapshot.strict()),
  totals: z.strictObject(totalsShape),
  shippingAddress: z.string(),
});
export type OrderAfter = z.infer<typeof OrderAfterSchema>;

/** An order's history straight from the event store (`GET /api/orders/:id/events`). */
export const AuditEventSchema = z.strictObject({
  type: z.string(),
  revision: z.number().int(),
  position: z.string(),
  at: AnswerFields.time,
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
  /** Absent for an event before the order was placed (none in practice). */
  after: OrderAfterSchema.optional(),
});
export type AuditEvent = z.infer<typeof AuditEventSchema>;

/**
 * The order read model: the API's Order plus the customer's id (for "mine" and room checks), the
 * school of its first school line (the school filter; null when none) and the customer's fields
 * in their searched form (`customerKeysOf`).
 */
export const OrderDocSchema = OrderSchema.extend({
  ...docFields,
  customerId: AnswerFields.id,
  schoolId: z.uuid().nullable(),
  customerKeys: z.strictObject({ name: z.string(), email: z.string(), phone: z.string() }),
  /** `position` zero-padded (`positionKey`): ordered as a string as positions are as numbers. */
  positionKey: z.string(),
}).strict();
export type OrderDoc = z.infer<typeof OrderDocSchema>;
assertSame<OrderDoc["customerKeys"], CustomerKeys>();

/**
 * Newest first, everyone's or one customer's. The compound indexes before `placedAt: -1`: on a tie
 * in estimated cost the embedded planner keeps the earlier index, and for "mine" or a status or a
 * school the compound one walks only the matching orders, in `placedAt` order. A prefix (customer,
 * order id; filters.ts) reads its index range, unless walking `placedAt` and testing is cheaper
 * (both planners weigh that); the embedded one reads a name, e-mail or phone prefix's range as each
 * value's run (already newest first) merged, so a page reads about a page.
 */
export const ordersCollection: CollectionSpec = {
  name: "orders",
  indexes: [
    { keys: { customerId: 1, placedAt: -1, _id: -1 } },
    { keys: { status: 1, placedAt: -1, _id: -1 } },
    { keys: { schoolId: 1, placedAt: -1, _id: -1 } },
    { keys: { "customerKeys.name": 1, placedAt: -1, _id: -1 } },
    { keys: { "customerKeys.email": 1, placedAt: -1, _id: -1 } },
    { keys: { "customerKeys.phone": 1, placedAt: -1, _id: -1 } },
    { keys: { placedAt: -1, _id: -1 } },
    { keys: { shortId: 1 } },
    { keys: { positionKey: 1 } },
  ],
};

export const shortIdOf = (id: string): string => id.slice(-8);

/** Event-store positions fit 20 digits (u64): padded, string order is position order. */
export const positionKey = (position: string): string => position.padStart(20, "0");

/** What the API answers: the read model without its bookkeeping fields. */
export const orderView = (doc: OrderDoc): Order => {
  const {
    _id,
    customerId: _c,
    revision: _r,
    schoolId: _s,
    customerKeys: _k,
    positionKey: _p,
    ...order
  } = doc;
  return order;
};
assertSame<
  Omit<OrderDoc, "_id" | "customerId" | "revision" | "schoolId" | "customerKeys" | "positionKey">,
  Order
>();

export const summaryOf = (o: OrderSummary | Order): OrderSummary => ({
  id: o.id,
  shortId: o.shortId,
  placedAt: o.placedAt,
  status: o.status,
  itemsCount: o.itemsCount,
  firstItem: o.firstItem,
  customer: o.customer,
  shippingAddress: o.shippingAddress,
  payablePaise: o.payablePaise,
});
