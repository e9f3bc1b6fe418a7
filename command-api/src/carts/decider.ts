import { CART_LINE_MAX, type CartEvent, conflict, notFound, Texts } from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export interface CartState {
  userId: string | null;
  /** productId → quantity, in the order lines were first added. */
  lines: Map<string, number>;
  /** Orders this cart was checked out into: a retried checkout finds its order here. */
  checkedOut: Set<string>;
}

export type CartCommand =
  /** `productListed`: the catalogue has the product now (only a listed product goes into a cart). */
  | {
      type: "AddCartItem";
      data: { userId: string; productId: string; quantity: number; productListed: boolean };
    }
  | { type: "ChangeCartQuantity"; data: { userId: string; productId: string; quantity: number } }
  | { type: "RemoveCartItem"; data: { userId: string; productId: string } }
  | {
      type: "CheckOutCart";
      data: { userId: string; orderId: string; lines: { productId: string; quantity: number }[] };
    };

const withLines = (state: CartState, lines: Map<string, number>): CartState => ({ ...state, lines });

export const cartDecider: Decider<CartCommand, CartEvent, CartState> = {
  initialState: () => ({ userId: null, lines: new Map(), checkedOut: new Set() }),
  evolve(state, event) {
    const lines = new Map(state.lines);
    const next = { ...state, userId: event.data.userId };
    switch (event.type) {
      case "CartItemAdded":
        lines.set(event.data.productId, (lines.get(event.data.productId) ?? 0) + event.data.quantity);
        return withLines(next, lines);
      case "CartItemQuantityChanged":
        lines.set(event.data.productId, event.data.quantity);
        return withLines(next, lines);
      case "CartItemRemoved":
        lines.delete(event.data.productId);
        return withLines(next, lines);
      case "CartCheckedOut": {
        if (!event.data.lines) lines.clear();
        for (const l of event.data.lines ?? []) {
          const left = (lines.get(l.productId) ?? 0) - l.quantity;
          if (left > 0) lines.set(l.productId, left);
          else lines.delete(l.productId);
        }
        return { ...withLines(next, lines), checkedOut: new Set([...state.checkedOut, event.data.orderId]) };
      }
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  decide(command, state) {
    const { userId } = command.data;
    switch (command.type) {
      case "AddCartItem": {
        const { productId, quantity, productListed } = command.data;
        if (!productListed) throw notFound(Texts.bookNotFound);
        const current = state.lines.get(productId) ?? 0;
        // A line holds at most 99 (API.md): adding past it fills the line up to 99.
        const added = Math.min(quantity, CART_LINE_MAX - current);
        return added > 0 ? [{ type: "CartItemAdded", data: { userId, productId, quantity: added } }] : [];
      }
      case "ChangeCartQuantity": {
        const { productId, quantity } = command.data;
        const current = state.lines.get(productId);
        if (current === undefined) {
          if (quantity === 0) return [];
          throw notFound(Texts.bookNotFound);
        }
        if (quantity === current) return [];
        if (quantity === 0) return [{ type: "CartItemRemoved", data: { userId, productId } }];
        return [{ type: "CartItemQuantityChanged", data: { userId, productId, quantity } }];
      }
      case "RemoveCartItem":
        return state.lines.has(command.data.productId)
          ? [{ type: "CartItemRemoved", data: { userId, productId: command.data.productId } }]
          : [];
      case "CheckOutCart": {
        if (state.checkedOut.has(command.data.orderId)) return [];
        if (state.lines.size === 0) throw conflict(Texts.cartEmpty);
        return [
          {
            type: "CartCheckedOut",
            data: { userId, orderId: command.data.orderId, lines: command.data.lines },
          },
        ];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

export const cartLines = (state: CartState) =>
  [...state.lines].map(([productId, quantity]) => ({ productId, quantity }));
