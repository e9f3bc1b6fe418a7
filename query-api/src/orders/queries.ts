import {
  type OrderDoc,
  type OrderFilters,
  type OrderSummary,
  OrderSummarySchema,
  ordersCollection,
  orderView,
  type Page,
  positionKey,
  summaryOf,
} from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import { afterCursor, decodeCursor, pageOf } from "../http/pagination.ts";
import { allOf, orderFilterParts } from "./filters.ts";

export interface OrdersPageQuery extends OrderFilters {
  customerId?: string;
  limit: number;
  cursor?: string | undefined;
}

/**
 * One page of orders newest first (all, one customer's, or the admin's filtered view) as read
 * model documents. Served by the projection's indexes: a page reads about `limit` documents
 * wherever its cursor starts, or the few a selective filter's index range holds.
 */
export const findOrdersPage = async <D extends Pick<OrderDoc, "_id" | "placedAt"> = OrderDoc>(
  docs: DocumentStore,
  q: OrdersPageQuery,
  /** Only these fields of each document (they must include `placedAt`, the cursor's). */
  projection?: Record<string, 1>,
  /** The caller only reads the documents (see `FindOptions.shared`): the store need not copy them. */
  shared = false,
): Promise<{ docs: D[]; nextCursor?: string }> => {
  const cursor = afterCursor("placedAt", -1, decodeCursor(q.cursor, 2));
  const filter = allOf([
    ...(q.customerId ? [{ customerId: q.customerId }] : []),
    ...orderFilterParts(q),
    // Last, so the embedded planner takes the cursor's bound on placedAt over the date range's.
    ...(q.cursor ? [cursor] : []),
  ]);
  const found = await docs.collection<D & { _id: string }>(ordersCollection.name).find(filter, {
    sort: { placedAt: -1, _id: -1 },
    limit: q.limit + 1,
    ...(projection && { projection }),
    ...(shared && { shared }),
  });
  const page = pageOf(
    found,
    q.limit,
    (d) => d.placedAt,
    (d) => d,
  );
  return { docs: page.items, ...(page.nextCursor && { nextCursor: page.nextCursor }) };
};

/** What a list shows of each order: the summary's fields, read without the rest of the document. */
const SUMMARY_FIELDS = Object.fromEntries(Object.keys(OrderSummarySchema.shape).map((k) => [k, 1 as const]));

export const listOrders = async (docs: DocumentStore, q: OrdersPageQuery): Promise<Page<OrderSummary>> => {
  // Read, not kept: `summaryOf` makes each answer's own object and the route serialises it at once.
  const page = await findOrdersPage<OrderSummary & { _id: string }>(docs, q, SUMMARY_FIELDS, true);
  return {
    items: page.docs.map(summaryOf),
    ...(page.nextCursor && { nextCursor: page.nextCursor }),
  };
};

/** Every order the filters match, newest first, a page at a time (for the CSV export). */
export async function* allOrders(docs: DocumentStore, filters: OrderFilters, batch = 500) {
  let cursor: string | undefined;
  do {
    const page = await findOrdersPage(docs, { ...filters, limit: batch, cursor });
    yield* page.docs;
    cursor = page.nextCursor;
  } while (cursor);
}

/** Orders changed after `since` (oldest change first), or just the newest position without it. */
export const orderChanges = async (
  docs: DocumentStore,
  since: string | undefined,
  limit: number,
): Promise<{ items: OrderSummary[]; position: string; more: boolean }> => {
  const orders = docs.collection<OrderDoc>(ordersCollection.name);
  if (since === undefined) {
    const [newest] = await orders.find({}, { sort: { positionKey: -1 }, limit: 1 });
    return { items: [], position: newest?.position ?? "0", more: false };
  }
  const found = await orders.find(
    { positionKey: { $gt: positionKey(since) } },
    { sort: { positionKey: 1 }, limit: limit + 1 },
  );
  const page = found.slice(0, limit);
  return {
    items: page.map((d) => summaryOf(orderView(d))),
    position: page.at(-1)?.position ?? since,
    more: found.length > limit,
  };
};
