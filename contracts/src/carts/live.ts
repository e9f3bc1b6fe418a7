import type { Cart } from "./readModel.ts";

/**
 * `cart.updated` goes to `user:<id>`: the Cart the API answers, joined with the products as they
 * stand at the event's position, so a client can show it without a refetch.
 */
export interface CartsLive {
  "cart.updated": { position: string; cart: Cart };
}
