import { z } from "zod";
import { PRODUCT_KINDS } from "../products/events.ts";
import { AnswerFields, assertSame, type CollectionSpec } from "../shared/readModel.ts";

/**
 * The sales dashboard's read model: figures summed across many streams (orders, book lists,
 * products, schools), built by a multi-stream projection. Every document carries the global log
 * position it reflects (`position`), its replay guard, instead of a stream revision.
 */

const count = z.number().int();
const paise = AnswerFields.paise;

/** Orders placed on one IST day: their payable total, and how much of it is delivered by now. */
export const DayFiguresSchema = z.strictObject({
  day: z.string(),
  orders: count,
  revenuePaise: paise,
  deliveredOrders: count,
  deliveredRevenuePaise: paise,
});
export type DayFigures = z.infer<typeof DayFiguresSchema>;

/** One school's share of every order (its books' lines); `schoolId: null` is what belongs to no school. */
export const SchoolFiguresSchema = z.strictObject({
  schoolId: z.uuid().nullable(),
  name: z.string(),
  orders: count,
  revenuePaise: paise,
  deliveredRevenuePaise: paise,
});
export type SchoolFigures = z.infer<typeof SchoolFiguresSchema>;

export const ProductFiguresSchema = z.strictObject({
  productId: z.uuid(),
  productKind: z.enum(PRODUCT_KINDS),
  title: z.string(),
  /** A school book's school (named by `schools`), so same-title books of two schools are told apart. */
  schoolId: z.uuid().nullable(),
  quantity: count,
  revenuePaise: paise,
});
export type ProductFigures = z.infer<typeof ProductFiguresSchema>;

export const StatusCountsSchema = z.strictObject({ pending: count, processing: count, delivered: count });
export type StatusCounts = z.infer<typeof StatusCountsSchema>;

/** All-time figures, one document. */
export const TotalsFiguresSchema = z.strictObject({
  orders: count,
  revenuePaise: paise,
  deliveredRevenuePaise: paise,
  byStatus: StatusCountsSchema,
  /** Uploaded book lists not yet ordered or discarded. */
  bookListsWaiting: count,
});
export type TotalsFigures = z.infer<typeof TotalsFiguresSchema>;

/** `GET /api/dashboard`. */
export const DashboardSchema = z.strictObject({
  /** The log position the figures reflect at least (the live updates after it apply on top). */
  position: z.string(),
  /** Today in IST; `days` are the 30 IST days up to it, oldest first, empty days as zeros. */
  today: z.string(),
  days: z.array(DayFiguresSchema),
  schools: z.array(SchoolFiguresSchema),
  topBooks: z.array(ProductFiguresSchema),
  topNotebooks: z.array(ProductFiguresSchema),
  totals: TotalsFiguresSchema,
  averageOrderPaise: paise,
});
export type Dashboard = z.infer<typeof DashboardSchema>;

/**
 * Every document's bookkeeping: the position it reflects, and `group`, the second key of the
 * collection's one index, which every document has (an index over a field some documents lack
 * would not serve the embedded store's planner): a day's date, a product's kind, else "".
 */
const positioned = { position: z.string(), group: z.string() };
export const DashboardDayDocSchema = DayFiguresSchema.extend({
  _id: z.string(),
  kind: z.literal("day"),
  ...positioned,
});
export const DashboardSchoolDocSchema = SchoolFiguresSchema.extend({
  _id: z.string(),
  kind: z.literal("school"),
  ...positioned,
});
/** A product's school is kept from the catalogue's events: an order's lines are shared out by it. */
export const DashboardProductDocSchema = ProductFiguresSchema.extend({
  _id: z.string(),
  kind: z.literal("product"),
  ...positioned,
});
export const DashboardTotalsDocSchema = TotalsFiguresSchema.extend({
  _id: z.literal("totals"),
  kind: z.literal("totals"),
  ...positioned,
});
/**
 * What the dashboard keeps of each order, fixed when it is placed: a later status change moves
 * the delivered figures of that day and those schools by this payable amount.
 */
export const DashboardOrderFactsDocSchema = z.strictObject({
  _id: z.string(),
  kind: z.literal("order"),
  day: z.string(),
  payablePaise: paise,
  schools: z.array(z.strictObject({ schoolId: z.uuid().nullable(), payablePaise: paise })),
  ...positioned,
});
export type DashboardDayDoc = z.infer<typeof DashboardDayDocSchema>;
export type DashboardSchoolDoc = z.infer<typeof DashboardSchoolDocSchema>;
export type DashboardProductDoc = z.infer<typeof DashboardProductDocSchema>;
export type DashboardTotalsDoc = z.infer<typeof DashboardTotalsDocSchema>;
export type DashboardOrderFactsDoc = z.infer<typeof DashboardOrderFactsDocSchema>;
export type DashboardDoc =
  | DashboardDayDoc
  | DashboardSchoolDoc
  | DashboardProductDoc
  | DashboardTotalsDoc
  | DashboardOrderFactsDoc;
export type DashboardDocKind = DashboardDoc["kind"];

export const dashboardIds = {
  day: (day: string) => `day:${day}`,
  school: (schoolId: string | null) => `school:${schoolId ?? "none"}`,
  product: (productId: string) => `product:${productId}`,
  order: (orderId: string) => `order:${orderId}`,
  totals: "totals",
} as const;

/**
 * One collection, documents told apart by `kind`, and one index: a range of days, the schools,
 * the products of a kind (hundreds at most, sorted as read); the totals and order facts by `_id`.
 * The figures are not in the index: an order changes them, and would re-file its entries.
 */
export const dashboardCollection: CollectionSpec = {
  name: "dashboard",
  indexes: [{ keys: { kind: 1, group: 1 } }],
};

export const emptyTotalsFigures = (): TotalsFigures => ({
  orders: 0,
  revenuePaise: 0,
  deliveredRevenuePaise: 0,
  byStatus: { pending: 0, processing: 0, delivered: 0 },
  bookListsWaiting: 0,
});
export const emptyDayFigures = (day: string): DayFigures => ({
  day,
  orders: 0,
  revenuePaise: 0,
  deliveredOrders: 0,
  deliveredRevenuePaise: 0,
});

/** The views: each document without its bookkeeping fields (an answer's strict schema would refuse them). */
export const dayFiguresOf = ({
  _id,
  kind: _k,
  position: _p,
  group: _g,
  ...figures
}: DashboardDayDoc): DayFigures => figures;
export const schoolFiguresOf = ({
  _id,
  kind: _k,
  position: _p,
  group: _g,
  ...figures
}: DashboardSchoolDoc): SchoolFigures => figures;
export const productFiguresOf = ({
  _id,
  kind: _k,
  position: _p,
  group: _g,
  ...figures
}: DashboardProductDoc): ProductFigures => figures;
export const totalsFiguresOf = ({
  _id,
  kind: _k,
  position: _p,
  group: _g,
  ...figures
}: DashboardTotalsDoc): TotalsFigures => figures;
assertSame<Omit<DashboardDayDoc, "_id" | "kind" | "position" | "group">, DayFigures>();
assertSame<Omit<DashboardSchoolDoc, "_id" | "kind" | "position" | "group">, SchoolFigures>();
assertSame<Omit<DashboardProductDoc, "_id" | "kind" | "position" | "group">, ProductFigures>();
assertSame<Omit<DashboardTotalsDoc, "_id" | "kind" | "position" | "group">, TotalsFigures>();
