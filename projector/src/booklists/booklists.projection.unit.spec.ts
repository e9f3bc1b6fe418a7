import type { BookListEvent } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { bookListsProjection } from "./booklists.projection.ts";

const bookListId = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
const userId = "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const stream = `booklist-${bookListId}`;
const uploaded: BookListEvent = {
  type: "BookListUploaded",
  data: {
    bookListId,
    customer: { userId, name: "Asha", email: "asha@example.com", contact: "98765" },
    shippingAddress: "12 MG Road, Pune",
    imageUrl: "/media/bookList/list.png",
    uploadedAt: "2026-11-22T08:00:00.000Z",
  },
};
const ordered: BookListEvent = {
  type: "BookListOrdered",
  data: { bookListId, orderId, orderedAt: "2026-11-22T09:00:00.000Z" },
};
const discarded: BookListEvent = {
  type: "BookListDiscarded",
  data: { bookListId, discardedAt: "2026-11-22T09:00:00.000Z" },
};

describe("book lists projection", () => {
  it("opens a book list on upload", () => {
    expect(fold(bookListsProjection, recorded(stream, [uploaded]))).toEqual({
      _id: bookListId,
      id: bookListId,
      customer: { name: "Asha", email: "asha@example.com", contact: "98765" },
      customerId: userId,
      shippingAddress: "12 MG Road, Pune",
      imageUrl: "/media/bookList/list.png",
      uploadedAt: "2026-11-22T08:00:00.000Z",
      state: "open",
      revision: 0,
    });
  });

  it("records the order placed from it", () => {
    expect(fold(bookListsProjection, recorded(stream, [uploaded, ordered]))).toMatchObject({
      state: "ordered",
      orderId,
      revision: 1,
    });
  });

  it("marks it discarded", () => {
    const doc = fold(bookListsProjection, recorded(stream, [uploaded, discarded]));
    expect(doc).toMatchObject({ state: "discarded", revision: 1 });
    expect(doc).not.toHaveProperty("orderId");
  });

  it("announces booklist.uploaded, then booklist.updated, to admins only, without bookkeeping fields", async () => {
    const [up] = await notesFor(bookListsProjection, recorded(stream, [uploaded]));
    expect(up).toMatchObject({
      rooms: ["role:admin"],
      event: "booklist.uploaded",
      payload: { position: "1" },
    });
    expect(up?.payload).toHaveProperty("booklist.id", bookListId);
    expect(up?.payload).not.toHaveProperty("booklist.customerId");
    const [changed] = await notesFor(bookListsProjection, recorded(stream, [uploaded, ordered]));
    expect(changed).toMatchObject({
      rooms: ["role:admin"],
      event: "booklist.updated",
      payload: { position: "2", booklist: { id: bookListId, state: "ordered", orderId } },
    });
  });
});
