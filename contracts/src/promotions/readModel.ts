import { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";
import { PromotionFields } from "./events.ts";

export const PromotionSchema = PromotionFields.extend({ id: AnswerFields.id, active: z.boolean() }).strict();
export type Promotion = z.infer<typeof PromotionSchema>;

/**
 * `createdSeq` is the creating event's position, zero-padded so that string order (MongoDB's)
 * is numeric order: PromotionCreated carries no time, and lists show the newest first.
 */
export const PromotionDocSchema = PromotionSchema.extend({ ...docFields, createdSeq: z.string() }).strict();
export type PromotionDoc = z.infer<typeof PromotionDocSchema>;

export const promotionsCollection: CollectionSpec = {
  name: "promotions",
  indexes: [{ keys: { createdSeq: -1, _id: -1 } }, { keys: { active: 1, createdSeq: -1, _id: -1 } }],
};

export const promotionView = (doc: PromotionDoc): Promotion => {
  const { _id, revision: _r, createdSeq: _s, ...promotion } = doc;
  return promotion;
};
assertSame<Omit<PromotionDoc, "_id" | "revision" | "createdSeq">, Promotion>();
