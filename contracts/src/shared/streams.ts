import { v5 as uuidv5 } from "uuid";

/** Streams are `<category>-<id>` (EventStoreDB's category convention). */
export const Streams = {
  user: (id: string) => `user-${id}`,
  school: (id: string) => `school-${id}`,
  product: (id: string) => `product-${id}`,
  promotion: (id: string) => `promotion-${id}`,
  cart: (userId: string) => `cart-${userId}`,
  order: (id: string) => `order-${id}`,
  message: (id: string) => `message-${id}`,
  booklist: (id: string) => `booklist-${id}`,
} as const;
export type StreamCategory = keyof typeof Streams;

export const categoryOf = (stream: string): string => stream.slice(0, stream.indexOf("-"));
export const idOf = (stream: string): string => stream.slice(stream.indexOf("-") + 1);

const USER_NAMESPACE = "6f1c3f0e-3c1a-5d0b-9a55-2b7f3f9d4c11";
/** A user's id is derived from the lower-cased e-mail, so a unique e-mail is an append with "no stream". */
export const userIdForEmail = (email: string): string => uuidv5(email.trim().toLowerCase(), USER_NAMESPACE);
