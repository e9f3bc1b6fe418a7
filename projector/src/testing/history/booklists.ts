import { placeOrder } from "./orders.ts";
import { customerOf, system, type World } from "./world.ts";

/** A customer uploads a book list, or an admin orders (an order, then the list step) or discards one. */
export const bookListStep = (w: World): void => {
  const u = w.users.length ? w.pick(w.users) : null;
  if (!u) return;
  if (w.bookLists.length && w.next() < 0.5) {
    const bookListId = w.pick(w.bookLists);
    w.bookLists.splice(w.bookLists.indexOf(bookListId), 1);
    const orderId =
      w.next() < 0.5 && w.products.length
        ? placeOrder(w, u, [{ productId: w.pick(w.products).id, quantity: 1 }], {
            kind: "booklist",
            bookListId,
          })
        : null;
    if (orderId)
      w.push(`booklist-${bookListId}`, [
        { type: "BookListOrdered", data: { bookListId, orderId, orderedAt: w.at() } },
      ]);
    else
      w.push(`booklist-${bookListId}`, [
        { type: "BookListDiscarded", data: { bookListId, discardedAt: w.at() } },
      ]);
    return;
  }
  const bookListId = w.id();
  w.bookLists.push(bookListId);
  w.push(
    `booklist-${bookListId}`,
    [
      {
        type: "BookListUploaded",
        data: {
          bookListId,
          customer: customerOf(u),
          shippingAddress: "Pune",
          imageUrl: "/media/bookList/l.png",
          uploadedAt: w.at(),
        },
      },
    ],
    system,
  );
};
