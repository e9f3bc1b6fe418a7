import type { BookListEvent } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { bookListDecider } from "./decider.ts";

const given = specFor(bookListDecider);
const now = "2026-11-22T10:00:00.000Z";
const bookListId = "2a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const customer = {
  userId: "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b",
  name: "Asha",
  email: "a@example.com",
  contact: "1",
};
const uploaded: BookListEvent = {
  type: "BookListUploaded",
  data: {
    bookListId,
    customer,
    shippingAddress: "Pune",
    imageUrl: "/media/bookList/list.png",
    uploadedAt: now,
  },
};
const ordered: BookListEvent = { type: "BookListOrdered", data: { bookListId, orderId, orderedAt: now } };

describe("book list decider", () => {
  it("records an upload", () =>
    given([])
      .when({
        type: "UploadBookList",
        data: { bookListId, customer, shippingAddress: "Pune", imageUrl: "/media/bookList/list.png", now },
      })
      .then([uploaded]));
  it("turns an open list into an order once; the same order again is a no-op", () => {
    given([uploaded]).when({ type: "MarkBookListOrdered", data: { orderId, now } }).then([ordered]);
    given([uploaded, ordered]).when({ type: "MarkBookListOrdered", data: { orderId, now } }).thenNothing();
    given([uploaded, ordered])
      .when({ type: "MarkBookListOrdered", data: { orderId: "9d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f", now } })
      .thenThrows("conflict");
  });
  it("discards an open list, refuses to discard an ordered one", () => {
    given([uploaded])
      .when({ type: "DiscardBookList", data: { now } })
      .then([{ type: "BookListDiscarded", data: { bookListId, discardedAt: now } }]);
    given([uploaded, ordered]).when({ type: "DiscardBookList", data: { now } }).thenThrows("conflict");
  });
  it("answers Book list not found! for an unknown list", () =>
    given([])
      .when({ type: "DiscardBookList", data: { now } })
      .thenThrows("not_found", "Book list not found!"));
});
