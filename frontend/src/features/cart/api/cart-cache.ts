import type { Cart } from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";

// The cart's key and its live update, apart from the query hooks (see staff-orders-cache.ts).

export const cartKey = ["cart"] as const;

/** `cart.updated` replaces the cached cart; it never creates one nobody asked for. */
export const replaceCart = (queryClient: QueryClient, cart: Cart): void => {
  if (queryClient.getQueryData(cartKey) !== undefined) queryClient.setQueryData(cartKey, cart);
};
