import type { BookList } from "@shop/contracts";
import { type Projection, type ReadDoc, rooms } from "../projection.ts";

/** The API's BookList plus the uploading customer's id (for an order placed from it). */
export type BookListDoc = ReadDoc & BookList & { customerId: string };

export const bookListView = (doc: BookListDoc): BookList => {
  const { _id, revision: _r, customerId: _c, ...bookList } = doc;
  return bookList;
};

/** Book lists customers upload; admins order or discard them. */
export const bookListsProjection: Projection<BookListDoc> = {
  name: "booklists",
  collection: "booklists",
  canHandle: ["BookListUploaded", "BookListOrdered", "BookListDiscarded"],
  documentId: (e) => (e.data as { bookListId: string }).bookListId,
  evolve(doc, e) {
    switch (e.type) {
      case "BookListUploaded": {
        const d = e.data;
        return {
          _id: d.bookListId,
          id: d.bookListId,
          customer: { name: d.customer.name, email: d.customer.email, contact: d.customer.contact },
          customerId: d.customer.userId,
          shippingAddress: d.shippingAddress,
          imageUrl: d.imageUrl,
          uploadedAt: d.uploadedAt,
          state: "open",
          revision: e.revision,
        };
      }
      case "BookListOrdered":
        return doc && { ...doc, state: "ordered", orderId: e.data.orderId, revision: e.revision };
      case "BookListDiscarded":
        return doc && { ...doc, state: "discarded", revision: e.revision };
      default:
        return doc;
    }
  },
  notify: (after, e) =>
    after
      ? [
          {
            rooms: [rooms.admin],
            event: e.type === "BookListUploaded" ? "booklist.uploaded" : "booklist.updated",
            payload: { position: e.position, booklist: bookListView(after) },
          },
        ]
      : [],
  indexes: [{ keys: { uploadedAt: -1 } }],
};
