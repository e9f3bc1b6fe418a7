import type { Cart } from "@shop/contracts";
import { comparePositions } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribe } from "../../../lib/socket.ts";
import { cartKey } from "../api/cart.ts";

/** Live `cart.updated` payload (API.md "Live"). */
export interface CartUpdated {
  position: string;
  cart: Cart;
}

/** While a cart is on screen, each `cart.updated` (this user's room) replaces the cached cart. */
export const useLiveCart = (): void => {
  const queryClient = useQueryClient();
  useEffect(() => {
    let last: string | null = null;
    return subscribe<CartUpdated>("cart.updated", ({ position, cart }) => {
      // Events can overtake each other across reconnects: never go back to an older cart.
      if (last !== null && comparePositions(position, last) < 0) return;
      last = position;
      queryClient.setQueryData(cartKey, cart);
    });
  }, [queryClient]);
};
