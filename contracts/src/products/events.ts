import { z } from "zod";

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
