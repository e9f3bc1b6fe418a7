import { bookListsProjection } from "./booklists/booklists.projection.ts";
import { cartsProjection } from "./carts/carts.projection.ts";
import { messagesProjection } from "./messages/messages.projection.ts";
import { ordersProjection } from "./orders/orders.projection.ts";
import { productsProjection } from "./products/products.projection.ts";
import type { Projection } from "./projection.ts";
import { promotionsProjection } from "./promotions/promotions.projection.ts";
import { schoolsProjection } from "./schools/schools.projection.ts";
import { usersProjection } from "./users/users.projection.ts";

export { type BookListDoc, bookListView } from "./booklists/booklists.projection.ts";
export type { CartDoc, CartLineRef } from "./carts/carts.projection.ts";
export { cartOf, joinCart } from "./carts/cartView.ts";
export { type ProjectionProgress, pollingProgress } from "./checkpoints.ts";
export { type MessageDoc, messageView } from "./messages/messages.projection.ts";
export { gaugeProjectorLag, recordBatches } from "./metrics.ts";
export { type OrderDoc, orderView, summaryOf } from "./orders/orders.projection.ts";
export { type ProductDoc, productView } from "./products/products.projection.ts";
export { type Projection, PUBLIC_ROOM, roleRooms, rooms } from "./projection.ts";
export type { PromotionDoc } from "./promotions/promotions.projection.ts";
export { rebuildReadModels } from "./rebuild.ts";
export type { SchoolDoc } from "./schools/schools.projection.ts";
export { applyEvent, createProjector, type Projector, type ProjectorDeps } from "./subscription.ts";
export { type UserDoc, userView } from "./users/users.projection.ts";

/** Every read model the shop keeps. */
export const allProjections: Projection[] = [
  usersProjection as unknown as Projection,
  schoolsProjection as unknown as Projection,
  productsProjection as unknown as Projection,
  promotionsProjection as unknown as Projection,
  cartsProjection as unknown as Projection,
  ordersProjection as unknown as Projection,
  messagesProjection as unknown as Projection,
  bookListsProjection as unknown as Projection,
];
export { startProjectorService } from "./service.ts";
