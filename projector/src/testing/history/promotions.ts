import type { World } from "./world.ts";

/** A promotion is created, or an existing one updated, switched on or off, or removed. */
export const promotionStep = (w: World): void => {
  if (w.promotions.length && w.next() < 0.6) {
    const promotionId = w.pick(w.promotions);
    const type = w.pick([
      "PromotionUpdated",
      "PromotionActivated",
      "PromotionDeactivated",
      "PromotionRemoved",
    ] as const);
    if (type === "PromotionUpdated")
      w.push(`promotion-${promotionId}`, [
        {
          type,
          data: {
            promotionId,
            title: `Sale ${w.counter()}`,
            description: "d",
            imageUrl: "/media/promotions/p.png",
          },
        },
      ]);
    else w.push(`promotion-${promotionId}`, [{ type, data: { promotionId } }]);
    if (type === "PromotionRemoved") w.promotions.splice(w.promotions.indexOf(promotionId), 1);
    return;
  }
  const promotionId = w.id();
  w.promotions.push(promotionId);
  w.push(`promotion-${promotionId}`, [
    {
      type: "PromotionCreated",
      data: {
        promotionId,
        title: `Sale ${w.counter()}`,
        description: "d",
        imageUrl: "/media/promotions/p.png",
        redirectUrl: "/notebooks",
      },
    },
  ]);
};
