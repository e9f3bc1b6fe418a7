import {
  type BookListDoc,
  type BookListEvent,
  bookListsCollection,
  bookListView,
  rooms,
} from "@shop/contracts";
import type { Projection } from "../projection.ts";

/** Book lists customers upload; admins order or discard them. */
export const bookListsProjection: Projection<BookListDoc, BookListEvent> = {
  name: "booklists",
  collection: bookListsCollection.name,
  indexes: bookListsCollection.indexes,
  canHandle: ["BookListUploaded", "BookListOrdered", "BookListDiscarded"],
  documentId: (e) => e.data.bookListId,
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
      default: {
        const never: never = e;
        return never;
      }
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
};
