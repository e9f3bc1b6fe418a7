import { DomainError } from "@shop/platform/http";
import { z } from "zod";

export const Limit = z.coerce.number().int().min(1).max(200).default(50);

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

/** Parses a query string strictly: unknown parameters are refused like unknown body fields. */
export const parseQuery = <S extends z.ZodObject>(schema: S, query: unknown): z.infer<S> => {
  const parsed = schema.strict().safeParse(query);
  if (parsed.success) return parsed.data as z.infer<S>;
  throw new DomainError("invalid", "Invalid input", {
    errors: parsed.error.issues.map((i) => ({ path: i.path.map(String).join("."), message: i.message })),
  });
};
