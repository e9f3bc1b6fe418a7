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

/** An order's history straight from the event store (`GET /api/orders/:id/events`). */
export const AuditEventSchema = z.strictObject({
  type: z.string(),
  revision: z.number().int(),
  position: z.string(),
  at: AnswerFields.time,
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
});

/** The order read model: the API's Order plus the customer's id (for "mine" and room checks). */
export const OrderDocSchema = OrderSchema.extend({ ...docFields, customerId: AnswerFields.id }).strict();
export type OrderDoc = z.infer<typeof OrderDocSchema>;

/**
 * Newest first, everyone's or one customer's. The customer's index first: on a tie in estimated
 * cost the embedded planner keeps the earlier index, and for "mine" the compound one reads only
 * that customer's orders.
 */
export const ordersCollection: CollectionSpec = {
  name: "orders",
  indexes: [{ keys: { customerId: 1, placedAt: -1, _id: -1 } }, { keys: { placedAt: -1, _id: -1 } }],
};

export const shortIdOf = (id: string): string => id.slice(-8);

/** What the API answers: the read model without its bookkeeping fields. */
export const orderView = (doc: OrderDoc): Order => {
  const { _id, customerId: _c, revision: _r, ...order } = doc;
  return order;
};
assertSame<Omit<OrderDoc, "_id" | "customerId" | "revision">, Order>();

export const summaryOf = (o: Order): OrderSummary => ({
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
