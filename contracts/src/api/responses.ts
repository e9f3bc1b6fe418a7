import { z } from "zod";
import { ProductFields, PromotionFields, SchoolFields } from "../catalogue/events.ts";
import { OrderLineSnapshot } from "../orders/events.ts";
import type * as RM from "../shared/readModels.ts";

/**
 * The read models as zod schemas, for the OpenAPI document and for tests that parse real answers
 * with them. They are strict: a bookkeeping field (`_id`, `revision`, `customerId`) leaking into an
 * answer fails the parse. The TypeScript shapes in shared/readModels.ts stay the code's types; the
 * checks at the bottom keep the two the same.
 */
const Iso = z.string();
const Id = z.uuid();

export const UserSchema = z.strictObject({
  id: Id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  address: z.string(),
  accType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export const SchoolSchema = SchoolFields.extend({ id: Id }).strict();
export const ProductSchema = ProductFields.extend({ id: Id }).strict();
export const PromotionSchema = PromotionFields.extend({ id: Id, active: z.boolean() }).strict();
const Totals = {
  pricePaise: z.number().int(),
  discountPaise: z.number().int(),
  payablePaise: z.number().int(),
};
export const CartSchema = z.strictObject({
  items: z.array(z.strictObject({ productId: Id, quantity: z.number().int(), product: ProductSchema })),
  totals: z.strictObject(Totals),
});
const Customer = z.strictObject({ name: z.string(), email: z.string(), contact: z.string() });
const summaryShape = {
  id: Id,
  shortId: z.string(),
  placedAt: Iso,
  status: z.number().int(),
  itemsCount: z.number().int(),
  firstItem: z.strictObject({ title: z.string(), imageUrl: z.string() }),
  customer: Customer,
  shippingAddress: z.string(),
  payablePaise: z.number().int(),
};
export const OrderSummarySchema = z.strictObject(summaryShape);
export const TimelineEntrySchema = z.strictObject({
  at: Iso,
  type: z.enum(["OrderPlaced", "OrderStatusChanged", "DeliveryOtpSent", "OrderDelivered"]),
  by: z.strictObject({ name: z.string(), accType: z.number().int().optional() }),
  from: z.number().int().optional(),
  to: z.number().int().optional(),
  note: z.string().optional(),
});
export const OrderSchema = z.strictObject({
  ...summaryShape,
  items: z.array(OrderLineSnapshot.strict()),
  totals: z.strictObject({ ...Totals, shippingPaise: z.literal(0) }),
  timeline: z.array(TimelineEntrySchema),
  position: z.string(),
});
export const MessageSchema = z.strictObject({
  id: Id,
  name: z.string(),
  email: z.string(),
  message: z.string(),
  sentAt: Iso,
});
export const BookListSchema = z.strictObject({
  id: Id,
  customer: Customer,
  shippingAddress: z.string(),
  imageUrl: z.string(),
  uploadedAt: Iso,
  state: z.enum(["open", "ordered", "discarded"]),
  orderId: Id.optional(),
});
export const AuditEventSchema = z.strictObject({
  type: z.string(),
  revision: z.number().int(),
  position: z.string(),
  at: Iso,
  data: z.record(z.string(), z.unknown()),
  metadata: z.record(z.string(), z.unknown()),
});

export const itemsOf = <T extends z.ZodType>(item: T) => z.strictObject({ items: z.array(item) });
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.strictObject({ items: z.array(item), nextCursor: z.string().optional() });

// Compile-time: the schemas and the read-model types describe the same shapes.
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : never) : never;
const same = <T extends true>(_: T) => _;
same<Same<z.infer<typeof UserSchema>, RM.User>>(true);
same<Same<z.infer<typeof SchoolSchema>, RM.School>>(true);
same<Same<z.infer<typeof ProductSchema>, RM.Product>>(true);
same<Same<z.infer<typeof PromotionSchema>, RM.Promotion>>(true);
same<Same<z.infer<typeof CartSchema>, RM.Cart>>(true);
same<Same<z.infer<typeof OrderSummarySchema>, RM.OrderSummary>>(true);
same<Same<z.infer<typeof OrderSchema>, RM.Order>>(true);
same<Same<z.infer<typeof MessageSchema>, RM.Message>>(true);
same<Same<z.infer<typeof BookListSchema>, RM.BookList>>(true);
