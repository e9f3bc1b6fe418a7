import { z } from "zod";
import {
  AnswerFields,
  assertSame,
  type CollectionSpec,
  CustomerAnswer,
  docFields,
} from "../shared/readModel.ts";

export const BookListSchema = z.strictObject({
  id: AnswerFields.id,
  customer: CustomerAnswer,
  shippingAddress: z.string(),
  imageUrl: z.string(),
  uploadedAt: AnswerFields.time,
  state: z.enum(["open", "ordered", "discarded"]),
  orderId: AnswerFields.id.optional(),
});
export type BookList = z.infer<typeof BookListSchema>;

/** The API's BookList plus the uploading customer's id (for an order placed from it). */
export const BookListDocSchema = BookListSchema.extend({
  ...docFields,
  customerId: AnswerFields.id,
}).strict();
export type BookListDoc = z.infer<typeof BookListDocSchema>;

/** Book lists customers upload, read by admins newest first. */
export const bookListsCollection: CollectionSpec = {
  name: "booklists",
  indexes: [{ keys: { uploadedAt: -1, _id: -1 } }],
};

export const bookListView = (doc: BookListDoc): BookList => {
  const { _id, revision: _r, customerId: _c, ...bookList } = doc;
  return bookList;
};
assertSame<Omit<BookListDoc, "_id" | "revision" | "customerId">, BookList>();
