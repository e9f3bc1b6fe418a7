import type { ProductKind } from "../catalogue/events.ts";
import type { OrderLineSnapshot } from "../orders/events.ts";
import type { AccType } from "./roles.ts";

/** Shapes the query API answers (API.md "Shapes"). */
export interface User {
  id: string;
  name: string;
  email: string;
  contact: string;
  address: string;
  accType: AccType;
}
export interface School {
  id: string;
  name: string;
  imageUrl: string;
  location: string;
  area: string;
  district: string;
  state: string;
  pincode: number;
  board: string;
  medium: string;
}
export interface Product {
  id: string;
  kind: ProductKind;
  title: string;
  author: string;
  publisher: string;
  publishedOn: string;
  edition: string;
  language: string;
  subject?: string;
  schoolId?: string;
  class?: number;
  pricePaise: number;
  discountPaise: number;
  description: string;
  imageUrl: string;
}
export interface Promotion {
  id: string;
  title: string;
  description: string;
  imageUrl: string;
  redirectUrl?: string;
  active: boolean;
}
export interface CartLine {
  productId: string;
  quantity: number;
  product: Product;
}
export interface Cart {
  items: CartLine[];
  totals: { pricePaise: number; discountPaise: number; payablePaise: number };
}
export type OrderLine = OrderLineSnapshot;
export interface OrderSummary {
  id: string;
  shortId: string;
  placedAt: string;
  status: number;
  itemsCount: number;
  firstItem: { title: string; imageUrl: string };
  customer: { name: string; email: string; contact: string };
  shippingAddress: string;
  payablePaise: number;
}
export type TimelineType = "OrderPlaced" | "OrderStatusChanged" | "DeliveryOtpSent" | "OrderDelivered";
export interface TimelineEntry {
  at: string;
  type: TimelineType;
  by: { name: string; accType?: number };
  from?: number;
  to?: number;
  note?: string;
}
export interface Order extends OrderSummary {
  items: OrderLine[];
  totals: { pricePaise: number; discountPaise: number; payablePaise: number; shippingPaise: 0 };
  timeline: TimelineEntry[];
  position: string;
}
export interface Message {
  id: string;
  name: string;
  email: string;
  message: string;
  sentAt: string;
}
export interface BookList {
  id: string;
  customer: { name: string; email: string; contact: string };
  shippingAddress: string;
  imageUrl: string;
  uploadedAt: string;
  state: "open" | "ordered" | "discarded";
  orderId?: string;
}
export interface Page<T> {
  items: T[];
  nextCursor?: string;
}
export const shortIdOf = (id: string): string => id.slice(-8);
