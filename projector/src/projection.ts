import type { DomainEvent, EventMetadata, IndexSpec, LiveMessage } from "@shop/contracts";
import type { Doc, DocumentStore } from "@shop/platform";

/** An event as projections see it: parsed (upcast) data plus where it sits in the log. */
export type ProjectedEvent<E extends DomainEvent = DomainEvent> = E & {
  id: string;
  streamName: string;
  revision: number;
  position: string;
  metadata: EventMetadata;
};

/** A live message (contracts' map of events and payloads) with the rooms it goes to. */
export type Notification = LiveMessage & {
  rooms: string[];
  /** Sockets in `rooms` leave these rooms, then join `join` (a role change moves a user's sockets). */
  move?: { leave: string[]; join: string[] };
};

/** Read-model documents carry the stream revision they reflect (the replay guard). */
export type ReadDoc = Doc & { revision: number };

/**
 * A projection (emmett's shape): which events it handles, the document an event touches, and a
 * pure `evolve(doc | null, event) → doc | null` (null deletes). `notify` names the live messages
 * to send once the new document is stored; it may read other read models, which at that moment
 * reflect exactly the log up to this event. Collection, indexes and the document's shape are the
 * context's read model in contracts. An event that needs other documents to evolve, or changes
 * many, goes to a `MultiDocProjection` instead.
 */
export interface Projection<D extends ReadDoc = ReadDoc, E extends DomainEvent = DomainEvent> {
  name: string;
  collection: string;
  canHandle: readonly E["type"][];
  documentId(event: ProjectedEvent<E>): string;
  evolve(doc: D | null, event: ProjectedEvent<E>): D | null;
  notify?(
    after: D | null,
    event: ProjectedEvent<E>,
    read: DocumentStore,
  ): Notification[] | Promise<Notification[]>;
  indexes: readonly IndexSpec[];
}

/**
 * A projection whose events need more than one document and a pure `evolve`: a cart line takes
 * its product from the products read model, and a product's new price reaches every cart holding
 * it. `apply` reads and writes through `docs` itself, guarding every write so that a replayed or
 * redelivered event changes nothing, and answers the notifications (none when `announce` is
 * false, as in a rebuild). Other read models it reads reflect exactly the log before this event.
 */
export interface MultiDocProjection<E extends DomainEvent = DomainEvent> {
  name: string;
  collection: string;
  canHandle: readonly E["type"][];
  apply(docs: DocumentStore, event: ProjectedEvent<E>, announce: boolean): Promise<Notification[]>;
  indexes: readonly IndexSpec[];
}

export type AnyProjection = Projection | MultiDocProjection;
