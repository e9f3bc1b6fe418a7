// The query-string schemas live beside their routes (api.ts), out of the browser's form modules.

export * from "./booklists/events.ts";
export * from "./booklists/live.ts";
export * from "./booklists/readModel.ts";
export * from "./booklists/requests.ts";
export * from "./carts/events.ts";
export * from "./carts/live.ts";
export * from "./carts/policy.ts";
export * from "./carts/readModel.ts";
export * from "./carts/requests.ts";
export * from "./dashboard/figures.ts";
export * from "./dashboard/live.ts";
export * from "./dashboard/readModel.ts";
export * from "./messages/events.ts";
export * from "./messages/live.ts";
export * from "./messages/readModel.ts";
export * from "./messages/requests.ts";
export {
  ORDER_CHANGES_LIMIT,
  ORDERS_CSV_HEADER,
  type OrderChanges,
  OrderChangesQuery,
  OrdersExportQuery,
  OrdersQuery,
} from "./orders/api.ts";
export * from "./orders/events.ts";
export * from "./orders/filters.ts";
export * from "./orders/jobs.ts";
export * from "./orders/live.ts";
export * from "./orders/openOrders.ts";
export * from "./orders/policy.ts";
export * from "./orders/readModel.ts";
export * from "./orders/requests.ts";
export * from "./orders/state.ts";
export * from "./orders/status.ts";
export { ProductsQuery } from "./products/api.ts";
export * from "./products/display.ts";
export * from "./products/events.ts";
export * from "./products/readModel.ts";
export * from "./products/requests.ts";
export { PromotionsQuery } from "./promotions/api.ts";
export * from "./promotions/events.ts";
export * from "./promotions/readModel.ts";
export * from "./promotions/requests.ts";
export { SchoolBooksQuery } from "./schools/api.ts";
export * from "./schools/events.ts";
export * from "./schools/readModel.ts";
export * from "./schools/requests.ts";
export { SearchQuery } from "./search/api.ts";
export * from "./search/matching.ts";
export * from "./search/readModel.ts";
export * from "./shared/errors.ts";
export * from "./shared/fieldErrors.ts";
export * from "./shared/fields.ts";
export * from "./shared/forms.ts";
export * from "./shared/jobs.ts";
export * from "./shared/live.ts";
export * from "./shared/metadata.ts";
export * from "./shared/money.ts";
export * from "./shared/positions.ts";
export * from "./shared/problem.ts";
export * from "./shared/queries.ts";
export * from "./shared/readModel.ts";
export * from "./shared/roles.ts";
export * from "./shared/streams.ts";
export * from "./shared/texts.ts";
export * from "./shop/events.ts";
export * from "./shop/live.ts";
export * from "./users/events.ts";
export * from "./users/live.ts";
export * from "./users/readModel.ts";
export * from "./users/requests.ts";
export * from "./users/state.ts";
