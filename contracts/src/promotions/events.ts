import { z } from "zod";

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
