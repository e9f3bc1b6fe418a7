import {
  type OrderDoc,
  type OrderSummary,
  ordersCollection,
  orderView,
  type Page,
  summaryOf,
} from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import { afterCursor, decodeCursor, pageOf } from "../http/pagination.ts";

/**
 * Orders newest first, all or one customer's. Served by the projection's indexes
 * (`placedAt: -1` and `customerId: 1, placedAt: -1`): a page reads about `limit` documents
 * wherever its cursor starts.
 */
export const listOrders = async (
  docs: DocumentStore,
  q: { customerId?: string; limit: number; cursor?: string | undefined },
): Promise<Page<OrderSummary>> => {
  const filter = {
    ...(q.customerId && { customerId: q.customerId }),
    ...afterCursor("placedAt", -1, decodeCursor(q.cursor, 2)),
  };
  const found = await docs
    .collection<OrderDoc>(ordersCollection.name)
    .find(filter, { sort: { placedAt: -1, _id: -1 }, limit: q.limit + 1 });
  return pageOf(
    found,
    q.limit,
    (d) => d.placedAt,
    (d) => summaryOf(orderView(d)),
  );
};
