import { z } from "zod";
import { type ApiRoute, commandRoute, getRoute, PositionAnswer, positioned } from "../shared/apiRoutes.ts";
import { Cursor, Limit } from "../shared/queries.ts";
import { itemsOf, pageOf } from "../shared/readModel.ts";
import { OrderFilters } from "./filters.ts";
import { AuditEventSchema, OrderSchema, OrderSummarySchema } from "./readModel.ts";
import { OtpBody, PlaceOrderBody, StatusBody } from "./requests.ts";

/** Every way to order answers the same: the cart's checkout, a book list's order, POST /orders. */
export const orderCreated = {
  status: 201,
  description: "`{ orderId, position }`",
  schema: z.object({ orderId: z.uuid(), position: PositionAnswer }),
};

/** `scope=all` (staff) takes the filters too; a page's cursor belongs to its filters. */
export const OrdersQuery = z.object({
  scope: z.enum(["mine", "all"]).default("mine"),
  limit: Limit,
  cursor: Cursor,
  ...OrderFilters.shape,
});

/** A reconnected staff page's catch-up: orders changed after the last position it saw. */
export const OrderChangesQuery = z.object({
  since: z
    .string()
    .regex(/^\d{1,20}$/, "Use a position like 1234")
    .optional(),
});
export const ORDER_CHANGES_LIMIT = 200;
export const OrderChangesSchema = z.strictObject({
  /** Oldest change first, each order once (as it is now); at most ORDER_CHANGES_LIMIT. */
  items: z.array(OrderSummarySchema),
  /** Where the next catch-up starts: the last change answered, or the newest one without `since`. */
  position: PositionAnswer,
  /** More changed than answered: reload the list instead. */
  more: z.boolean(),
});
export type OrderChanges = z.infer<typeof OrderChangesSchema>;

/** The CSV export takes the list's filters (every matching order, no pages). */
export const OrdersExportQuery = OrderFilters;
export const ORDERS_CSV_HEADER = [
  "Date",
  "Order ID",
  "Customer",
  "School",
  "Book",
  "Quantity",
  "Price (₹)",
  "Status",
  "Delivered at",
] as const;

export const ordersApi: ApiRoute[] = [
  getRoute(
    "/api/orders",
    "Orders, newest first",
    "login; scope=all: admin, delivery",
    pageOf(OrderSummarySchema),
    {
      query: OrdersQuery,
    },
  ),
  getRoute(
    "/api/orders/changes",
    "Orders changed after a position (without one: no orders, and the newest position)",
    "admin, delivery",
    OrderChangesSchema,
    { query: OrderChangesQuery },
  ),
  getRoute(
    "/api/orders/export.csv",
    "The filtered orders as CSV, one row per order line (UTF-8 with BOM, rupees as numbers)",
    "admin",
    z.string().startsWith(`\uFEFF${ORDERS_CSV_HEADER.join(",")}\r\n`),
    { query: OrdersExportQuery },
  ),
  getRoute("/api/orders/:id", "One order", "its customer, admin, delivery", OrderSchema, {
    errors: [401, 403, 404],
  }),
  getRoute(
    "/api/orders/:id/events",
    "An order's audit history from the event store",
    "admin",
    itemsOf(AuditEventSchema),
    { errors: [401, 403, 404] },
  ),
  commandRoute("post", "/api/orders", "Place an order", "login", orderCreated, {
    body: PlaceOrderBody.schema,
  }),
  commandRoute("put", "/api/orders/:id/status", "Change an order's status", "admin", positioned, {
    body: StatusBody.schema,
  }),
  commandRoute(
    "post",
    "/api/orders/:id/delivery-otp",
    "Mail a delivery OTP to the customer",
    "admin, delivery",
    { status: 202, description: "`{ sentTo, expiresAt, position }`" },
    { errors: [401, 403, 404, 409, 429] },
  ),
  commandRoute(
    "post",
    "/api/orders/:id/delivery-confirmation",
    "Confirm delivery with the OTP",
    "admin, delivery",
    positioned,
    { body: OtpBody.schema, errors: [401, 403, 404, 409, 422, 429] },
  ),
];
