import type { Order, OrderSummary, Product, User } from "@shop/contracts";

export const aUser = (over: Partial<User> = {}): User => ({
  id: "7b0c6d0e-1f0a-4c43-9a3e-0d0f5a1b2c3d",
  name: "Asha Rao",
  email: "asha@example.com",
  contact: "+91 98450 12345",
  address: "12 MG Road, Bengaluru 560001",
  accType: 3,
  ...over,
});

export const aProduct = (over: Partial<Product> = {}): Product => ({
  id: "0f8e7a52-5c1d-4b0e-8d7a-3c2b1a0f9e8d",
  kind: "book",
  title: "Mathematics Class 8",
  author: "NCERT",
  publisher: "NCERT",
  publishedOn: "2024-04-01",
  edition: "2024",
  language: "English",
  class: 8,
  pricePaise: 123_400,
  discountPaise: 0,
  description: "The NCERT mathematics textbook.",
  imageUrl: "/media/books/maths8-20240401.png",
  ...over,
});

export const anOrderSummary = (over: Partial<OrderSummary> = {}): OrderSummary => ({
  id: "3d2c1b0a-9f8e-4d7c-8b6a-5f4e3d2c1b0a",
  shortId: "5f4e3d2c1b0a".slice(-8),
  placedAt: "2025-06-01T10:00:00.000Z",
  status: 1,
  itemsCount: 1,
  firstItem: { title: "Mathematics Class 8", imageUrl: "/media/books/maths8-20240401.png" },
  customer: { name: "Asha Rao", email: "asha@example.com", contact: "+91 98450 12345" },
  shippingAddress: "12 MG Road, Bengaluru 560001",
  payablePaise: 123_400,
  ...over,
});

export const anOrder = (over: Partial<Order> = {}): Order => ({
  ...anOrderSummary(),
  items: [
    {
      productId: aProduct().id,
      kind: "book",
      title: "Mathematics Class 8",
      author: "NCERT",
      imageUrl: "/media/books/maths8-20240401.png",
      pricePaise: 123_400,
      discountPaise: 0,
      quantity: 1,
    },
  ],
  totals: { pricePaise: 123_400, discountPaise: 0, payablePaise: 123_400, shippingPaise: 0 },
  timeline: [{ at: "2025-06-01T10:00:00.000Z", type: "OrderPlaced", by: { name: "Asha Rao", accType: 3 } }],
  position: "100",
  ...over,
});
