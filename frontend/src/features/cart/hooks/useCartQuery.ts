import { useCurrentUser } from "../../../stores/session.ts";
import { useCart } from "../api/cart.ts";

/** The cart of the signed-in user; nothing is asked for while logged out. */
export const useCartQuery = () => useCart(useCurrentUser() !== null);
