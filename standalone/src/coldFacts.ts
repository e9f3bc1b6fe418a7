import {
  type DashboardDoc,
  dashboardCollection,
  istDayMinus,
  istDayOf,
  type OpenOrdersDoc,
  openOrdersCollection,
} from "@shop/contracts";
import type { ColdPolicy } from "@shop/platform";

const roots = (indexes: readonly { keys: Record<string, unknown> }[]) =>
  indexes.flatMap((index) => Object.keys(index.keys).map((path) => path.split(".")[0]!));

/**
 * The dashboard's fields a stub holds: its index's (`kind`, `group`) and those the dashboard's
 * queries filter and sort on (query-api's readDashboard: `orders`, `quantity`, `revenuePaise`),
 * so those queries answer from the stubs. A query naming another field reads bodies back, slowly
 * but rightly (coldTier.ts `covers`).
 */
export const DASHBOARD_STUB_FIELDS: readonly string[] = [
  ...new Set([...roots(dashboardCollection.indexes), "orders", "quantity", "revenuePaise"]),
].filter((field) => field !== "_id");

/**
 * The dashboard's facts of an order (its day, payable amount and schools' shares) placed more
 * than `days` days ago: read only when that order's status changes (rare once it is old), never
 * by the dashboard's queries (days, schools, products, totals), so only a stub stays in memory.
 */
export const coldDashboardFacts = (days: number): ColdPolicy => {
  // The last IST day that is cold, for the last `now` asked (a sweep asks with each document).
  let at = Number.NaN;
  let lastColdDay = "";
  return {
    fields: DASHBOARD_STUB_FIELDS,
    isCold(doc, now) {
      const fact = doc as unknown as DashboardDoc;
      if (fact.kind !== "order") return false;
      if (now !== at) {
        at = now;
        lastColdDay = istDayMinus(istDayOf(new Date(now).toISOString()), days);
      }
      return fact.day <= lastColdDay;
    },
  };
};

/**
 * openOrders' row per order (its customer, as placed): read only when that order reaches or
 * leaves Delivered (one read by `_id` from the snapshot file then), never by the open-orders cap,
 * which reads the customer's row. The row holds no date, so each leaves memory once saved.
 */
export const coldOpenOrderRows = (): ColdPolicy => ({
  fields: [...new Set(["kind", ...roots(openOrdersCollection.indexes)])],
  isCold: (doc) => (doc as unknown as OpenOrdersDoc).kind === "order",
});
