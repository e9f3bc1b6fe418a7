import { type OrderDoc, OrderStatus, OrderSummarySchema, ordersCollection } from "@shop/contracts";
import type { ColdPolicy } from "@shop/platform";

const DAY_MS = 86_400_000;

/**
 * The top-level fields the orders' indexes read (what the orders routes filter and sort on), and
 * those of an order's summary (what a list shows): a page of a customer's history, however old,
 * answers from the stubs without reading an order back from the file.
 */
export const ORDER_STUB_FIELDS: readonly string[] = [
  ...new Set([
    ...ordersCollection.indexes.flatMap((index) =>
      Object.keys(index.keys).map((path) => path.split(".")[0]!),
    ),
    ...Object.keys(OrderSummarySchema.shape),
  ]),
].filter((field) => field !== "_id");

/**
 * Delivered orders placed more than `days` days ago: nothing changes them any more and they are
 * read rarely (a customer's history, an admin's search), so the embedded read models keep only
 * their stub (the indexed fields and the summary's) in memory.
 */
export const coldOrders = (days: number): ColdPolicy => ({
  fields: ORDER_STUB_FIELDS,
  isCold(doc, now) {
    const order = doc as unknown as OrderDoc;
    return order.status === OrderStatus.DELIVERED && Date.parse(order.placedAt) <= now - days * DAY_MS;
  },
});
