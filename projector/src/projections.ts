import { bookListsProjection } from "./booklists/booklists.projection.ts";
import { cartsProjection } from "./carts/carts.projection.ts";
import { dashboardProjection } from "./dashboard/dashboard.projection.ts";
import { messagesProjection } from "./messages/messages.projection.ts";
import { openOrdersProjection } from "./orders/openOrders.projection.ts";
import { ordersWithBooks } from "./orders/orderBooks.ts";
import { productsProjection } from "./products/products.projection.ts";
import type { AnyProjection } from "./projection.ts";
import { promotionsProjection } from "./promotions/promotions.projection.ts";
import { schoolsProjection } from "./schools/schools.projection.ts";
import { catalogueVersionProjection } from "./search/catalogueVersion.projection.ts";
import { usersProjection } from "./users/users.projection.ts";

/**
 * Every read model the shop keeps; an event goes to them in this order (products before carts: a
 * cart line reads its product; the catalogue's version last, after the documents it stands for).
 */
export const allProjections: AnyProjection[] = [
  usersProjection,
  schoolsProjection,
  productsProjection,
  promotionsProjection,
  cartsProjection,
  ordersWithBooks,
  openOrdersProjection,
  messagesProjection,
  bookListsProjection,
  dashboardProjection,
  catalogueVersionProjection,
];
