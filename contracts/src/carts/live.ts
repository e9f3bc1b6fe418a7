import type { Cart, CartChange } from "./readModel.ts";

/**
 * Both go to `user:<id>` with the Cart the API answers. `cart.updated` follows the customer's
 * own commands; `cart.productChanged` a catalogue change to a product in the cart (a new price or
 * title, or its removal), naming the line so the page can say what changed.
 */
export interface CartsLive {
  "cart.updated": { position: string; cart: Cart };
  "cart.productChanged": { position: string; cart: Cart; change: CartChange };
}
