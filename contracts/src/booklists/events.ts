import { z } from "zod";

export const BookListUploaded = z.object({
  type: z.literal("BookListUploaded"),
  data: z.object({
    bookListId: z.uuid(),
    customer: z.object({ userId: z.uuid(), name: z.string(), email: z.string(), contact: z.string() }),
    shippingAddress: z.string(),
    imageUrl: z.string(),
    uploadedAt: z.string(),
  }),
});
export const BookListOrdered = z.object({
  type: z.literal("BookListOrdered"),
  data: z.object({ bookListId: z.uuid(), orderId: z.uuid(), orderedAt: z.string() }),
});
export const BookListDiscarded = z.object({
  type: z.literal("BookListDiscarded"),
  data: z.object({ bookListId: z.uuid(), discardedAt: z.string() }),
});
export const BookListEvent = z.discriminatedUnion("type", [
  BookListUploaded,
  BookListOrdered,
  BookListDiscarded,
]);
export type BookListEvent = z.infer<typeof BookListEvent>;
