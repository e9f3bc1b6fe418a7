import { z } from "zod";
import { Position } from "./fields.ts";
import { NoQuery } from "./queries.ts";

/**
 * A route of API.md. Each context lists its own rows in its api.ts; shop/apiTable.ts puts them
 * together for the OpenAPI document and the HTTP metrics' path templates. Bodies and query strings
 * are the same zod schemas the services parse with, so the document cannot drift from the code.
 */
export type ApiMethod = "get" | "post" | "put" | "patch" | "delete";

export interface ApiRoute {
  method: ApiMethod;
  /** Express-style template, e.g. `/api/orders/:id`. */
  path: string;
  summary: string;
  /** Who may call it (API.md's "who" column). */
  who: string;
  body?: z.ZodObject;
  /** multipart/form-data instead of JSON (uploads). */
  multipart?: z.ZodObject;
  query?: z.ZodObject;
  success: { status: number; description: string; schema?: z.ZodType };
  /** Problem statuses this route answers besides 400 and 500. */
  errors: number[];
}

export const PositionAnswer = Position.describe("event-store position, a decimal string");
export const Positioned = z.object({ position: PositionAnswer });
export const Created = z.object({ id: z.uuid(), position: PositionAnswer });

export const getRoute = (
  path: string,
  summary: string,
  who: string,
  answer: z.ZodType,
  extra: Partial<ApiRoute> = {},
) =>
  ({
    method: "get",
    path,
    summary,
    who,
    query: NoQuery,
    success: { status: 200, description: summary, schema: answer },
    errors: who === "public" ? [] : [401, 403],
    ...extra,
  }) satisfies ApiRoute;

export const commandRoute = (
  method: Exclude<ApiMethod, "get">,
  path: string,
  summary: string,
  who: string,
  success: ApiRoute["success"],
  extra: Partial<ApiRoute> = {},
) =>
  ({
    method,
    path,
    summary,
    who,
    success,
    errors: who === "public" ? [409] : [401, 403, 404, 409],
    ...extra,
  }) satisfies ApiRoute;

export const positioned = { status: 200, description: "`{ position }`", schema: Positioned };
export const created = { status: 201, description: "`{ id, position }`", schema: Created };
