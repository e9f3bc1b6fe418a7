import { conflict, notFound, type Promotion, type PromotionEvent, Texts } from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

type Fields = { title: string; description: string; imageUrl: string; redirectUrl?: string };

export type PromotionState =
  | { status: "none" }
  | ({ status: "listed"; promotionId: string; active: boolean } & Fields)
  | { status: "removed"; promotionId: string };

export type PromotionCommand =
  | { type: "CreatePromotion"; data: Fields & { promotionId: string } }
  | { type: "UpdatePromotion"; data: Omit<Fields, "imageUrl"> & { promotionId: string; imageUrl?: string } }
  | { type: "SetPromotionActive"; data: { promotionId: string; active: boolean } }
  | { type: "RemovePromotion"; data: { promotionId: string } };

const listed = (state: PromotionState) => {
  if (state.status !== "listed") throw notFound(Texts.promotionNotFound);
  return state;
};

export const promotionOf = (s: PromotionState): Promotion | null =>
  s.status === "listed"
    ? {
        id: s.promotionId,
        title: s.title,
        description: s.description,
        imageUrl: s.imageUrl,
        ...(s.redirectUrl !== undefined && { redirectUrl: s.redirectUrl }),
        active: s.active,
      }
    : null;

export const promotionDecider: Decider<PromotionCommand, PromotionEvent, PromotionState> = {
  initialState: () => ({ status: "none" }),
  evolve(state, event) {
    switch (event.type) {
      case "PromotionCreated":
        return { status: "listed", active: true, ...event.data };
      case "PromotionUpdated":
        return state.status === "listed" ? { status: "listed", active: state.active, ...event.data } : state;
      case "PromotionActivated":
        return state.status === "listed" ? { ...state, active: true } : state;
      case "PromotionDeactivated":
        return state.status === "listed" ? { ...state, active: false } : state;
      case "PromotionRemoved":
        return { status: "removed", promotionId: event.data.promotionId };
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    switch (command.type) {
      case "CreatePromotion":
        if (state.status !== "none") throw conflict("Promotion already exists");
        return [{ type: "PromotionCreated", data: command.data }];
      case "UpdatePromotion": {
        const current = listed(state);
        const { imageUrl, ...rest } = command.data;
        return [{ type: "PromotionUpdated", data: { ...rest, imageUrl: imageUrl ?? current.imageUrl } }];
      }
      case "SetPromotionActive": {
        const current = listed(state);
        if (current.active === command.data.active) return [];
        const { promotionId } = command.data;
        return [
          command.data.active
            ? { type: "PromotionActivated", data: { promotionId } }
            : { type: "PromotionDeactivated", data: { promotionId } },
        ];
      }
      case "RemovePromotion":
        listed(state);
        return [{ type: "PromotionRemoved", data: command.data }];
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
