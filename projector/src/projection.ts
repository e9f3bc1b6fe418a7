import type { DomainEvent, EventMetadata } from "@shop/contracts";
import type { Doc, DocumentStore } from "@shop/platform";

/** An event as projections see it: parsed (upcast) data plus where it sits in the log. */
export type ProjectedEvent = DomainEvent & {
  id: string;
  streamName: string;
  revision: number;
  position: string;
  metadata: EventMetadata;
};

export interface Notification {
  rooms: string[];
  event: string;
  payload: Record<string, unknown>;
  /** Sockets in `rooms` leave these rooms, then join `join` (a role change moves a user's sockets). */
  move?: { leave: string[]; join: string[] };
}

/** Read-model documents carry the stream revision they reflect (the replay guard). */
export type ReadDoc = Doc & { revision: number };

/**
 * A projection (emmett's shape): which events it handles, the document an event touches, and a
 * pure `evolve(doc | null, event) → doc | null` (null deletes). `notify` names the live messages
 * to send once the new document is stored; it may read other read models (a cart joins its
 * products), which at that moment reflect exactly the log up to this event.
 */
export interface Projection<D extends ReadDoc = ReadDoc> {
  name: string;
  collection: string;
  canHandle: readonly DomainEvent["type"][];
  documentId(event: ProjectedEvent): string;
  evolve(doc: D | null, event: ProjectedEvent): D | null;
  notify?(
    after: D | null,
    event: ProjectedEvent,
    read: DocumentStore,
  ): Notification[] | Promise<Notification[]>;
  indexes?: { keys: Record<string, 1 | -1>; unique?: boolean }[];
}

export const PUBLIC_ROOM = "public";
export const rooms = {
  user: (id: string) => `user:${id}`,
  order: (id: string) => `order:${id}`,
  admin: "role:admin",
  delivery: "role:delivery",
} as const;

/** Rooms a role joins at connect: admins hear everything delivery staff hear. */
export const roleRooms = (accType: number): string[] =>
  accType === 1 ? [rooms.admin, rooms.delivery] : accType === 2 ? [rooms.delivery] : [];
