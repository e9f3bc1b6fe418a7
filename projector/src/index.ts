import { ordersProjection } from "./orders/orders.projection.ts";
import { productsProjection } from "./products/products.projection.ts";
import type { Projection } from "./projection.ts";
import { usersProjection } from "./users/users.projection.ts";

export { type ProjectionProgress, pollingProgress } from "./checkpoints.ts";
export { type OrderDoc, orderView, summaryOf } from "./orders/orders.projection.ts";
export type { ProductDoc } from "./products/products.projection.ts";
export { type Projection, PUBLIC_ROOM, roleRooms, rooms } from "./projection.ts";
export { applyEvent, createProjector, type Projector, type ProjectorDeps } from "./subscription.ts";
export type { UserDoc } from "./users/users.projection.ts";

/** Every read model the shop keeps. */
export const allProjections: Projection[] = [
  usersProjection as unknown as Projection,
  productsProjection as unknown as Projection,
  ordersProjection as unknown as Projection,
];
