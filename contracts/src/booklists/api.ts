import { orderCreated } from "../orders/api.ts";
import { type ApiRoute, commandRoute, created, getRoute, positioned } from "../shared/apiRoutes.ts";
import { PageQuery } from "../shared/queries.ts";
import { pageOf } from "../shared/readModel.ts";
import { BookListSchema } from "./readModel.ts";
import { BookListBody, BookListOrderBody } from "./requests.ts";

export const bookListsApi: ApiRoute[] = [
  getRoute("/api/booklists", "Uploaded book lists, newest first", "admin", pageOf(BookListSchema), {
    query: PageQuery,
  }),
  commandRoute("post", "/api/booklists", "Upload a book list", "login", created, {
    body: BookListBody.schema,
  }),
  commandRoute(
    "post",
    "/api/booklists/:id/orders",
    "Order for a book list's customer",
    "admin",
    orderCreated,
    {
      body: BookListOrderBody.schema,
    },
  ),
  commandRoute("delete", "/api/booklists/:id", "Discard a book list", "admin", positioned),
];
