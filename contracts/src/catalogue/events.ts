import { z } from "zod";

export const SchoolFields = z.object({
  name: z.string(),
  imageUrl: z.string(),
  location: z.string(),
  area: z.string(),
  district: z.string(),
  state: z.string(),
  pincode: z.number().int(),
  board: z.string(),
  medium: z.string(),
});
export const SchoolRegistered = z.object({
  type: z.literal("SchoolRegistered"),
  data: SchoolFields.extend({ schoolId: z.uuid() }),
});
export const SchoolUpdated = z.object({
  type: z.literal("SchoolUpdated"),
  data: SchoolFields.extend({ schoolId: z.uuid() }),
});
export const SchoolRemoved = z.object({
  type: z.literal("SchoolRemoved"),
  data: z.object({ schoolId: z.uuid() }),
});
export const SchoolEvent = z.discriminatedUnion("type", [SchoolRegistered, SchoolUpdated, SchoolRemoved]);
export type SchoolEvent = z.infer<typeof SchoolEvent>;

export const PRODUCT_KINDS = ["book", "notebook", "stationery"] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

export const ProductFields = z.object({
  kind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  author: z.string(),
  publisher: z.string(),
  publishedOn: z.string(),
  edition: z.string(),
  language: z.string(),
  subject: z.string().optional(),
  schoolId: z.uuid().optional(),
  class: z.number().int().min(1).max(12).optional(),
  pricePaise: z.number().int(),
  discountPaise: z.number().int(),
  description: z.string(),
  imageUrl: z.string(),
});
export type ProductFields = z.infer<typeof ProductFields>;
export const ProductAdded = z.object({
  type: z.literal("ProductAdded"),
  data: ProductFields.extend({ productId: z.uuid() }),
});
export const ProductUpdated = z.object({
  type: z.literal("ProductUpdated"),
  data: ProductFields.extend({ productId: z.uuid() }),
});
export const ProductRemoved = z.object({
  type: z.literal("ProductRemoved"),
  data: z.object({ productId: z.uuid() }),
});
export const ProductEvent = z.discriminatedUnion("type", [ProductAdded, ProductUpdated, ProductRemoved]);
export type ProductEvent = z.infer<typeof ProductEvent>;

export const PromotionFields = z.object({
  title: z.string(),
  description: z.string(),
  imageUrl: z.string(),
  redirectUrl: z.string().optional(),
});
const promotionId = z.object({ promotionId: z.uuid() });
export const PromotionCreated = z.object({
  type: z.literal("PromotionCreated"),
  data: PromotionFields.extend({ promotionId: z.uuid() }),
});
export const PromotionUpdated = z.object({
  type: z.literal("PromotionUpdated"),
  data: PromotionFields.extend({ promotionId: z.uuid() }),
});
export const PromotionActivated = z.object({ type: z.literal("PromotionActivated"), data: promotionId });
export const PromotionDeactivated = z.object({ type: z.literal("PromotionDeactivated"), data: promotionId });
export const PromotionRemoved = z.object({ type: z.literal("PromotionRemoved"), data: promotionId });
export const PromotionEvent = z.discriminatedUnion("type", [
  PromotionCreated,
  PromotionUpdated,
  PromotionActivated,
  PromotionDeactivated,
  PromotionRemoved,
]);
export type PromotionEvent = z.infer<typeof PromotionEvent>;
