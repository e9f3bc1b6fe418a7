import { bookListsApi } from "../booklists/api.ts";
import { cartsApi } from "../carts/api.ts";
import { dashboardApi } from "../dashboard/api.ts";
import { messagesApi } from "../messages/api.ts";
import { ordersApi } from "../orders/api.ts";
import { productsApi } from "../products/api.ts";
import { promotionsApi } from "../promotions/api.ts";
import { schoolsApi } from "../schools/api.ts";
import { searchApi } from "../search/api.ts";
import type { ApiRoute } from "../shared/apiRoutes.ts";
import { uploadsApi } from "../uploads/api.ts";
import { usersApi } from "../users/api.ts";

/**
 * Every route of API.md, once, context by context: the OpenAPI document is generated from it and
 * the HTTP metrics label requests with its path templates.
 */
export const API_ROUTES: ApiRoute[] = [
  ...usersApi,
  ...promotionsApi,
  ...schoolsApi,
  ...productsApi,
  ...searchApi,
  ...cartsApi,
  ...ordersApi,
  ...messagesApi,
  ...bookListsApi,
  ...dashboardApi,
  ...uploadsApi,
];

const templateRegex = (path: string) =>
  new RegExp(`^${path.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/:[A-Za-z]+/g, "[^/]+")}/?$`);
const matchers = API_ROUTES.map((r) => ({
  method: r.method.toUpperCase(),
  path: r.path,
  re: templateRegex(r.path),
}));

/**
 * The route template a request matched, for metrics labels (bounded cardinality: ids never
 * become labels). HEAD counts as GET, as the gateway routes it; unknown API paths are `/api/*`.
 */
export const apiRouteOf = (method: string, path: string): string | undefined => {
  if (path !== "/api" && !path.startsWith("/api/")) return undefined;
  const m = method === "HEAD" ? "GET" : method;
  return matchers.find((r) => r.method === m && r.re.test(path))?.path ?? "/api/*";
};
