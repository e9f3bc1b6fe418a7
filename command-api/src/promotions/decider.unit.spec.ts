import type { PromotionEvent } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { promotionDecider } from "./decider.ts";

const given = specFor(promotionDecider);
const promotionId = "6a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const fields = { title: "Back to school", description: "10% off", imageUrl: "/media/promotions/b2s.png" };
const created: PromotionEvent = { type: "PromotionCreated", data: { ...fields, promotionId } };

describe("promotion decider", () => {
  it("creates a promotion", () =>
    given([])
      .when({ type: "CreatePromotion", data: { ...fields, promotionId } })
      .then([created]));
  it("keeps the current image when an update sends none", () =>
    given([created])
      .when({ type: "UpdatePromotion", data: { promotionId, title: "Exam season", description: "Flat 50" } })
      .then([
        {
          type: "PromotionUpdated",
          data: {
            promotionId,
            title: "Exam season",
            description: "Flat 50",
            imageUrl: "/media/promotions/b2s.png",
          },
        },
      ]));
  it("deactivates and reactivates, and does nothing when already so", () => {
    given([created])
      .when({ type: "SetPromotionActive", data: { promotionId, active: false } })
      .then([{ type: "PromotionDeactivated", data: { promotionId } }]);
    given([created])
      .when({ type: "SetPromotionActive", data: { promotionId, active: true } })
      .thenNothing();
    given([created, { type: "PromotionDeactivated", data: { promotionId } }])
      .when({ type: "SetPromotionActive", data: { promotionId, active: true } })
      .then([{ type: "PromotionActivated", data: { promotionId } }]);
  });
  it("removes, after which it is not found", () => {
    given([created])
      .when({ type: "RemovePromotion", data: { promotionId } })
      .then([{ type: "PromotionRemoved", data: { promotionId } }]);
    given([created, { type: "PromotionRemoved", data: { promotionId } }])
      .when({ type: "RemovePromotion", data: { promotionId } })
      .thenThrows("not_found", "Promotion not found!");
  });
});
