import { orderCreated } from "../orders/api.ts";
import { type ApiRoute, commandRoute, getRoute, positioned } from "../shared/apiRoutes.ts";
import { CartSchema } from "./readModel.ts";
import { AddCartItemBody, ChangeCartQuantityBody, CheckoutBody } from "./requests.ts";

export const cartsApi: ApiRoute[] = [
  getRoute("/api/cart", "The user's cart", "login", CartSchema),
  commandRoute("post", "/api/cart/items", "Add to the cart", "login", positioned, {
    body: AddCartItemBody.schema,
  }),
  commandRoute(
    "patch",
    "/api/cart/items/:productId",
    "Change a line's quantity (0 removes it)",
    "login",
    positioned,
    { body: ChangeCartQuantityBody.schema },
  ),
  commandRoute("delete", "/api/cart/items/:productId", "Remove a cart line", "login", positioned),
  commandRoute("post", "/api/cart/checkout", "Order the cart", "login", orderCreated, {
    body: CheckoutBody.schema,
  }),
];
