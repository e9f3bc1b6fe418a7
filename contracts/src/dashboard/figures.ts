import type { ProductFigures, SchoolFigures } from "./readModel.ts";

/**
 * The dashboard's arithmetic, shared by the projector, query-api and the browser's live
 * dispatcher. Kept apart from the zod schemas so the browser's first load can use it without zod.
 */

/** India Standard Time is UTC+05:30 all year: an instant's IST calendar day, `YYYY-MM-DD`. */
const IST_OFFSET_MS = 330 * 60_000;
export const istDayOf = (iso: string): string =>
  new Date(Date.parse(iso) + IST_OFFSET_MS).toISOString().slice(0, 10);
/** The IST day `n` days before `day` (both `YYYY-MM-DD`). */
export const istDayMinus = (day: string, n: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) - n * 86_400_000).toISOString().slice(0, 10);
export const DASHBOARD_DAYS = 30;
export const DASHBOARD_TOP = 10;

export const averageOrderPaise = (t: { orders: number; revenuePaise: number }): number =>
  t.orders > 0 ? Math.round(t.revenuePaise / t.orders) : 0;

/** Ranks top products the same way on the server and in the browser: most sold, then by id. */
export const byQuantitySold = (a: ProductFigures, b: ProductFigures): number =>
  b.quantity - a.quantity || (a.productId < b.productId ? -1 : a.productId > b.productId ? 1 : 0);
export const bySchoolRevenue = (a: SchoolFigures, b: SchoolFigures): number =>
  b.revenuePaise - a.revenuePaise || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);
