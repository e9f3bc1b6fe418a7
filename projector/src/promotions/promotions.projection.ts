import { type PromotionDoc, type PromotionEvent, promotionsCollection } from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { ProjectedEvent, Projection } from "../projection.ts";

/** The creating event's position, zero-padded: string order (MongoDB's) is then numeric order. */
export const sequenceOf = (e: ProjectedEvent): string => e.position.padStart(20, "0");

/** Promotions; PromotionRemoved deletes the document, like the other catalogue removals. */
export const promotionsProjection: Projection<PromotionDoc, PromotionEvent> = {
  name: "promotions",
  collection: promotionsCollection.name,
  indexes: promotionsCollection.indexes,
  canHandle: [
    "PromotionCreated",
    "PromotionUpdated",
    "PromotionActivated",
    "PromotionDeactivated",
    "PromotionRemoved",
  ],
  documentId: (e) => e.data.promotionId,
  evolve(doc, e) {
    switch (e.type) {
      case "PromotionCreated": {
        const { promotionId, ...fields } = e.data;
        return {
          _id: promotionId,
          id: promotionId,
          ...fields,
          active: true,
          createdSeq: sequenceOf(e),
          revision: e.revision,
        };
      }
      case "PromotionUpdated": {
        if (!doc) return doc;
        const { promotionId: _p, redirectUrl, ...fields } = e.data;
        // The update replaces the form: a cleared redirect URL is gone, not kept from before.
        const { redirectUrl: _old, ...rest } = doc;
        return {
          ...rest,
          ...fields,
          ...(redirectUrl !== undefined && { redirectUrl }),
          revision: e.revision,
        };
      }
      case "PromotionActivated":
        return doc && { ...doc, active: true, revision: e.revision };
      case "PromotionDeactivated":
        return doc && { ...doc, active: false, revision: e.revision };
      case "PromotionRemoved":
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
  },
  notify: (_after, e) => [catalogueUpdated("promotion", e.data.promotionId, e)],
};
