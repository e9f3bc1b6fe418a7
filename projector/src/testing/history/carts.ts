import { placeOrder } from "./orders.ts";
import { system, type World } from "./world.ts";

/** A customer adds to the cart, changes or removes a line, or checks out (an order, then the cart step). */
export const cartStep = (w: World): void => {
  const u = w.users.length ? w.pick(w.users) : null;
  if (!u || !w.products.length) return;
  const cart = w.carts.get(u.id) ?? new Map<string, number>();
  w.carts.set(u.id, cart);
  const userId = u.id;
  const roll = w.next();
  if (cart.size && roll < 0.2) {
    const productId = w.pick([...cart.keys()]);
    cart.delete(productId);
    w.push(`cart-${userId}`, [{ type: "CartItemRemoved", data: { userId, productId } }], system);
  } else if (cart.size && roll < 0.4) {
    const productId = w.pick([...cart.keys()]);
    const quantity = 1 + Math.floor(w.next() * 9);
    cart.set(productId, quantity);
    w.push(
      `cart-${userId}`,
      [{ type: "CartItemQuantityChanged", data: { userId, productId, quantity } }],
      system,
    );
  } else if (cart.size && roll < 0.6) {
    const orderId = placeOrder(
      w,
      u,
      [...cart].map(([productId, quantity]) => ({ productId, quantity })),
      { kind: "cart" },
    );
    if (!orderId) return;
    cart.clear();
    w.push(`cart-${userId}`, [{ type: "CartCheckedOut", data: { userId, orderId } }], system);
  } else {
    const productId = w.pick(w.products).id;
    const quantity = 1 + Math.floor(w.next() * 3);
    cart.set(productId, (cart.get(productId) ?? 0) + quantity);
    w.push(`cart-${userId}`, [{ type: "CartItemAdded", data: { userId, productId, quantity } }], system);
  }
};
