import { z } from "zod";
import { ProductSchema } from "../products/readModel.ts";
import { type ApiRoute, commandRoute, created, getRoute, positioned } from "../shared/apiRoutes.ts";
import { BookClass } from "../shared/fields.ts";
import { itemsOf } from "../shared/readModel.ts";
import { SchoolSchema } from "./readModel.ts";
import { SchoolBody } from "./requests.ts";

export const SchoolBooksQuery = z.object({ class: z.coerce.number().pipe(BookClass).optional() });

export const schoolsApi: ApiRoute[] = [
  getRoute("/api/schools", "Every school", "public", itemsOf(SchoolSchema)),
  getRoute("/api/schools/:id", "One school", "public", SchoolSchema, { errors: [404] }),
  getRoute("/api/schools/:id/books", "A school's books", "public", itemsOf(ProductSchema), {
    query: SchoolBooksQuery,
    errors: [404],
  }),
  commandRoute("post", "/api/schools", "Add a school", "admin", created, { body: SchoolBody.schema }),
  commandRoute("put", "/api/schools/:id", "Update a school", "admin", positioned, {
    body: SchoolBody.schema,
  }),
  commandRoute("delete", "/api/schools/:id", "Remove a school", "admin", positioned),
];
