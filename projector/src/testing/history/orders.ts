import type { OrderPlacedData } from "@shop/contracts";
import { orderLine, orderPlaced } from "@shop/contracts/testing";
import { customerOf, type HistoryUser, type World } from "./world.ts";

/** An order of `lines` from what the catalogue has (null when none of it is left). */
export const placeOrder = (
  w: World,
  u: HistoryUser,
  lines: { productId: string; quantity: number }[],
  source: OrderPlacedData["source"],
): string | null => {
  const items = lines.flatMap((l) => {
    const p = w.products.find((x) => x.id === l.productId);
    return p
      ? [
          orderLine({
            productId: p.id,
            kind: p.kind,
            title: p.title,
            author: "Author",
            imageUrl: "/media/books/x.png",
            pricePaise: p.price,
            discountPaise: 100,
            quantity: l.quantity,
          }),
        ]
      : [];
  });
  if (!items.length) return null;
  const orderId = w.id();
  w.push(`order-${orderId}`, [
    orderPlaced({
      orderId,
      customer: customerOf(u),
      shippingAddress: "12 MG Road, Pune",
      items,
      source,
      requestDigest: `digest-${orderId}`,
      placedAt: w.at(),
    }),
  ]);
  w.orders.push({ id: orderId, status: 1 });
  return orderId;
};

/** A customer orders directly, or an order moves on: a status change, an OTP, a delivery. */
export const orderStep = (w: World): void => {
  const u = w.users.length ? w.pick(w.users) : null;
  if (!u || !w.products.length) return;
  if (w.orders.length && w.next() < 0.6) {
    const o = w.pick(w.orders);
    if (o.status === 3) return;
    const roll = w.next();
    if (roll < 0.4) {
      const to = o.status === 1 ? 2 : 1;
      w.push(`order-${o.id}`, [
        { type: "OrderStatusChanged", data: { orderId: o.id, from: o.status, to, changedAt: w.at() } },
      ]);
      o.status = to;
    } else if (roll < 0.7) {
      w.push(`order-${o.id}`, [
        {
          type: "DeliveryOtpSent",
          data: { orderId: o.id, sentTo: "u***@example.com", expiresAt: w.at(), sentAt: w.at() },
        },
      ]);
    } else {
      w.push(`order-${o.id}`, [
        { type: "OrderDelivered", data: { orderId: o.id, from: o.status, deliveredAt: w.at() } },
      ]);
      o.status = 3;
    }
    return;
  }
  placeOrder(w, u, [{ productId: w.pick(w.products).id, quantity: 1 + Math.floor(w.next() * 3) }], {
    kind: "direct",
  });
};
