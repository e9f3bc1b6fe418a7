import { z } from "zod";
import { PRODUCT_KINDS } from "../catalogue/events.ts";
import { BookClass } from "../shared/fields.ts";

/**
 * Query-string schemas of the query API (API.md "Queries"). query-api parses with them (strictly:
 * unknown parameters are refused) and the OpenAPI document is generated from them.
 */
export const Limit = z.coerce.number().int().min(1).max(200).default(50);
/** Opaque to clients: where the next page starts. */
export const Cursor = z.string().max(500).optional();

export const NoQuery = z.object({});
export const PageQuery = z.object({ limit: Limit, cursor: Cursor });
export const ProductsQuery = z.object({
  kind: z.enum(PRODUCT_KINDS).optional(),
  schoolId: z.uuid().optional(),
  class: z.coerce.number().pipe(BookClass).optional(),
  limit: Limit,
  cursor: Cursor,
});
export const SchoolBooksQuery = z.object({ class: z.coerce.number().pipe(BookClass).optional() });
export const OrdersQuery = z.object({
  scope: z.enum(["mine", "all"]).default("mine"),
  limit: Limit,
  cursor: Cursor,
});
export const PromotionsQuery = z.object({ all: z.enum(["true", "false"]).optional() });
export const SearchQuery = z.object({ q: z.string().max(100).default("") });
