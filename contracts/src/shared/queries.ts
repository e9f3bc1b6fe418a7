import { z } from "zod";

/**
 * Query-string building blocks of the query API (API.md "Lists"). query-api parses with the
 * contexts' query schemas strictly (unknown parameters are refused) and the OpenAPI document is
 * generated from them.
 */
export const Limit = z.coerce.number().int().min(1).max(200).default(50);
/** Opaque to clients: where the next page starts. */
export const Cursor = z.string().max(500).optional();

export const NoQuery = z.object({});
export const PageQuery = z.object({ limit: Limit, cursor: Cursor });
