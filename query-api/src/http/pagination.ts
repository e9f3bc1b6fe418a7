import { DomainError, fieldErrorsOf, markDefaultMessages } from "@shop/contracts";
import type { z } from "zod";

/** Cursors are opaque to clients: base64url JSON of the sort keys of the last item. */
export const encodeCursor = (keys: unknown[]): string =>
  Buffer.from(JSON.stringify(keys)).toString("base64url");

export const decodeCursor = (cursor: string | undefined, arity: number): unknown[] | undefined => {
  if (cursor === undefined) return undefined;
  try {
    const keys = JSON.parse(Buffer.from(cursor, "base64url").toString("utf8")) as unknown;
    if (
      Array.isArray(keys) &&
      keys.length === arity &&
      keys.every((k) => typeof k === "string" || typeof k === "number")
    ) {
      return keys;
    }
  } catch {}
  throw new DomainError("invalid", "Invalid cursor");
};

/**
 * Each route's schema made strict once: `strict()` builds a new schema, which zod compiles again on
 * its first parse (a tenth of an orders page's CPU when it was made per request).
 */
const strictSchemas = new WeakMap<z.ZodObject, z.ZodObject>();
const strictOf = (schema: z.ZodObject): z.ZodObject => {
  let strict = strictSchemas.get(schema);
  if (!strict) {
    strict = schema.strict();
    strictSchemas.set(schema, strict);
  }
  return strict;
};

/** Parses a query string strictly: unknown parameters are refused like unknown body fields. */
export const parseQuery = <S extends z.ZodObject>(schema: S, query: unknown): z.infer<S> => {
  const parsed = strictOf(schema).safeParse(query, markDefaultMessages);
  if (parsed.success) return parsed.data as z.infer<S>;
  throw new DomainError("invalid", "Invalid input", { errors: fieldErrorsOf(parsed.error, query) });
};

/**
 * The filter for the page after `after` (the last item's sort key and `_id`) in `order` on
 * `field`, ties broken by `_id` the same way. The plain range on `field` lets an index on it start
 * the scan at the cursor; the `$or` then skips the ties already answered.
 */
export const afterCursor = (
  field: string,
  order: 1 | -1,
  after: unknown[] | undefined,
): Record<string, unknown> => {
  if (!after) return {};
  const [key, id] = after;
  const [strict, loose] = order === 1 ? ["$gt", "$gte"] : ["$lt", "$lte"];
  return {
    [field]: { [loose]: key },
    $or: [{ [field]: { [strict]: key } }, { [field]: key, _id: { [strict]: id } }],
  };
};

/** A page from `limit + 1` fetched documents: `nextCursor` only when more exist. */
export const pageOf = <D extends { _id: string }, T>(
  docs: D[],
  limit: number,
  sortKey: (d: D) => unknown,
  view: (d: D) => T,
): { items: T[]; nextCursor?: string } => {
  const page = docs.slice(0, limit);
  const last = page.at(-1);
  return {
    items: page.map(view),
    ...(docs.length > limit && last && { nextCursor: encodeCursor([sortKey(last), last._id]) }),
  };
};
