import {
  averageOrderPaise,
  bySchoolRevenue,
  DASHBOARD_DAYS,
  DASHBOARD_TOP,
  type Dashboard,
  type DashboardDayDoc,
  type DashboardProductDoc,
  type DashboardSchoolDoc,
  type DashboardTotalsDoc,
  dashboardCollection,
  dashboardIds,
  dayFiguresOf,
  emptyDayFigures,
  emptyTotalsFigures,
  istDayMinus,
  istDayOf,
  type ProductKind,
  productFiguresOf,
  schoolFiguresOf,
  totalsFiguresOf,
} from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";

/** Most schools the dashboard lists (by revenue); a shop serves tens. */
const MAX_SCHOOLS = 200;

/**
 * The dashboard from its read model: the 30 IST days up to `now` (empty days as zeros), schools
 * with orders by revenue, the top books and notebooks by copies sold, the all-time totals. Every
 * read is by `_id` or on one of the collection's indexes.
 */
export const readDashboard = async (docs: DocumentStore, position: string, now: Date): Promise<Dashboard> => {
  const coll = docs.collection(dashboardCollection.name);
  const today = istDayOf(now.toISOString());
  const first = istDayMinus(today, DASHBOARD_DAYS - 1);
  const top = async (productKind: ProductKind) =>
    (
      (await coll.find(
        { kind: "product", group: productKind, quantity: { $gt: 0 } },
        { sort: { quantity: -1, _id: 1 }, limit: DASHBOARD_TOP },
      )) as DashboardProductDoc[]
    ).map(productFiguresOf);
  const [dayDocs, schoolDocs, topBooks, topNotebooks, totalsDoc] = await Promise.all([
    coll.find({ kind: "day", group: { $gte: first, $lte: today } }, { sort: { group: 1 } }) as Promise<
      DashboardDayDoc[]
    >,
    coll.find(
      { kind: "school", group: "", orders: { $gt: 0 } },
      { sort: { revenuePaise: -1 }, limit: MAX_SCHOOLS },
    ) as Promise<DashboardSchoolDoc[]>,
    top("book"),
    top("notebook"),
    coll.findOne({ _id: dashboardIds.totals }) as Promise<DashboardTotalsDoc | null>,
  ]);
  const byDay = new Map(dayDocs.map((d) => [d.day, dayFiguresOf(d)]));
  const days = Array.from({ length: DASHBOARD_DAYS }, (_, i) => {
    const day = istDayMinus(today, DASHBOARD_DAYS - 1 - i);
    return byDay.get(day) ?? emptyDayFigures(day);
  });
  const totals = totalsDoc ? totalsFiguresOf(totalsDoc) : emptyTotalsFigures();
  return {
    position,
    today,
    days,
    schools: schoolDocs.map(schoolFiguresOf).sort(bySchoolRevenue),
    topBooks,
    topNotebooks,
    totals,
    averageOrderPaise: averageOrderPaise(totals),
  };
};
