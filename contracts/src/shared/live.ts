import { AccType } from "./roles.ts";

/**
 * Live rooms (ARCHITECTURE §7): how the projector addresses a notification and which rooms the
 * live server joins a socket to. Each context's live.ts names its events and their payloads;
 * shop/live.ts puts them together into one map.
 */
export const PUBLIC_ROOM = "public";
export const rooms = {
  user: (userId: string) => `user:${userId}`,
  order: (orderId: string) => `order:${orderId}`,
  /** Every socket of one session: logout disconnects them. */
  session: (tokenId: string) => `session:${tokenId}`,
  admin: "role:admin",
  delivery: "role:delivery",
} as const;

/** Rooms a role joins at connect: admins hear everything delivery staff hear. */
export const roleRooms = (accType: number): string[] =>
  accType === AccType.ADMIN
    ? [rooms.admin, rooms.delivery]
    : accType === AccType.DELIVERY
      ? [rooms.delivery]
      : [];

/** A role change that takes rooms away (a demotion): the user's open sockets must not keep them. */
export const losesRooms = (from: number, to: number): boolean => {
  const after = roleRooms(to);
  return roleRooms(from).some((room) => !after.includes(room));
};

export type CatalogueKind = "school" | "product" | "promotion";

/**
 * The catalogue's one live event, shared by schools, products and promotions: every socket hears
 * it (PUBLIC_ROOM) and screens refetch what they show.
 */
export interface CatalogueLive {
  "catalogue.updated": { position: string; kind: CatalogueKind; id: string };
}
