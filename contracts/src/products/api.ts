import { z } from "zod";
import { type ApiRoute, commandRoute, created, getRoute, positioned } from "../shared/apiRoutes.ts";
import { BookClass, Id } from "../shared/fields.ts";
import { Cursor, Limit } from "../shared/queries.ts";
import { pageOf } from "../shared/readModel.ts";
import { PRODUCT_KINDS } from "./events.ts";
import { ProductSchema } from "./readModel.ts";
import { ProductBody } from "./requests.ts";

export const ProductsQuery = z.object({
  kind: z.enum(PRODUCT_KINDS).optional(),
  schoolId: Id.optional(),
  class: z.coerce.number().pipe(BookClass).optional(),
  limit: Limit,
  cursor: Cursor,
});

export const productsApi: ApiRoute[] = [
  getRoute("/api/products", "Products by title, paged", "public", pageOf(ProductSchema), {
    query: ProductsQuery,
  }),
  getRoute("/api/products/:id", "One product", "public", ProductSchema, { errors: [404] }),
  commandRoute("post", "/api/products", "Add a product", "admin", created, { body: ProductBody.schema }),
  commandRoute("put", "/api/products/:id", "Update a product", "admin", positioned, {
    body: ProductBody.schema,
  }),
  commandRoute("delete", "/api/products/:id", "Remove a product", "admin", positioned),
];
