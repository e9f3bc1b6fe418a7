import {
  averageOrderPaise,
  byQuantitySold,
  bySchoolRevenue,
  comparePositions,
  DASHBOARD_TOP,
  type Dashboard,
  type LiveEvents,
  type ProductFigures,
} from "@shop/contracts";
import type { QueryClient } from "@tanstack/react-query";
import { dashboardKey } from "./dashboard-key.ts";

type Update = LiveEvents["dashboard.updated"];

const upsert = <T>(list: T[], item: T, same: (a: T) => boolean): T[] => [
  ...list.filter((x) => !same(x)),
  item,
];

/** A product's new figures in its top list: sold more, it may climb or enter; the list stays ten long. */
const rank = (list: ProductFigures[], changed: ProductFigures[]): ProductFigures[] =>
  changed
    .reduce((l, p) => upsert(l, p, (x) => x.productId === p.productId), list)
    .sort(byQuantitySold)
    .slice(0, DASHBOARD_TOP);

/**
 * The figures an update carries replace the ones shown (they are whole, not deltas): a day in the
 * 30-day window, a school, a product of the top lists, the totals. An update the answer already
 * reflects (at or before its position) is ignored; a day after the window's last moves it on.
 */
export const applyDashboardUpdate = (d: Dashboard, u: Update): Dashboard => {
  if (comparePositions(u.position, d.position) <= 0) return d;
  let { days, today } = d;
  const day = u.day;
  if (day) {
    if (days.some((x) => x.day === day.day)) days = days.map((x) => (x.day === day.day ? day : x));
    else if (day.day > today) {
      days = [...days.slice(1), day];
      today = day.day;
    }
  }
  const totals = u.totals ?? d.totals;
  const schools = (u.schools ?? [])
    .reduce((l, s) => upsert(l, s, (x) => x.schoolId === s.schoolId), d.schools)
    .sort(bySchoolRevenue);
  const products = u.products ?? [];
  return {
    ...d,
    position: u.position,
    today,
    days,
    schools,
    topBooks: rank(
      d.topBooks,
      products.filter((p) => p.productKind === "book"),
    ),
    topNotebooks: rank(
      d.topNotebooks,
      products.filter((p) => p.productKind === "notebook"),
    ),
    totals,
    averageOrderPaise: averageOrderPaise(totals),
  };
};

/** An update that finds the dashboard still loading refetches it: the answer on its way may predate it. */
export const patchDashboard = (queryClient: QueryClient, u: Update): void => {
  if (queryClient.getQueryData<Dashboard>(dashboardKey) === undefined) {
    if (queryClient.getQueryState(dashboardKey)?.fetchStatus === "fetching")
      void queryClient.invalidateQueries({ queryKey: dashboardKey });
    return;
  }
  queryClient.setQueryData<Dashboard>(dashboardKey, (d) => (d ? applyDashboardUpdate(d, u) : d));
};
