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
