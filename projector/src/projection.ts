import type { DomainEvent, EventMetadata, IndexSpec, LiveMessage } from "@shop/contracts";
import type { Doc, DocumentStore, Filter } from "@shop/platform";

/**
 * The metadata fields projections read (who acted, for an order's history; the schema version,
 * to upcast). A rebuild asks the store for no more (`ReadPagesOptions.only`).
 */
export const PROJECTED_METADATA = [
  "schemaVersion",
  "actor",
] as const satisfies readonly (keyof EventMetadata)[];
export type ProjectedMetadata = Pick<EventMetadata, (typeof PROJECTED_METADATA)[number]>;

/** An event as projections see it: parsed (upcast) data plus where it sits in the log. */
export type ProjectedEvent<E extends DomainEvent = DomainEvent> = E & {
  streamName: string;
  revision: number;
  position: string;
  metadata: ProjectedMetadata;
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
 * Where a store-backed projection (`apply`: a cart reading its product, the dashboard's
 * multi-stream figures) reads and writes documents: the document store live (`storeReadModels` in readModels.ts),
 * or a rebuild's own working set of documents (`ReplaySet`). The projection's code is the same on
 * both; only the access differs. Documents read through it are shared, not copies: a projection
 * answers new documents and never changes one it read.
 */
export interface ReadModels {
  /** The document `id` of `collection`, or null. */
  get<D extends Doc>(collection: string, id: string): Promise<D | null>;
  /** The documents of `collection` under these ids (an absent one is missing from the map). */
  getMany<D extends Doc>(collection: string, ids: readonly string[]): Promise<Map<string, D>>;
  /** The documents of `collection` matching `filter` (a product's carts, a school's products). */
  find<D extends Doc>(collection: string, filter: Filter): Promise<D[]>;
  /**
   * Stores `next` (null deletes) in place of `previous`, the document as it was read (null: there
   * was none), unless another writer changed it since: a compare-and-set on `guard`, the field
   * that orders its writes (`revision` for a stream's document, `position` for a multi-stream
   * one). A new document is upserted on its `_id` alone. False when another writer got there first.
   */
  write<D extends Doc>(
    collection: string,
    id: string,
    previous: D | null,
    next: D | null,
    guard: "revision" | "position",
  ): Promise<boolean>;
  /**
   * Applies one event to a single-document projection as `applyEvent` does (its revision guard,
   * its `evolve`), with the live notifications when `announce` (never in a rebuild).
   */
  evolve(projection: Projection, event: ProjectedEvent, announce: boolean): Promise<Notification[]>;
}

/**
 * A projection whose events need more than one document and a pure `evolve`: a cart line takes
 * its product from the products read model, and a product's new price reaches every cart holding
 * it. `apply` reads and writes through `models` (the document store live, a rebuild's working
 * set), guarding every write so that a replayed or redelivered event changes nothing, and answers
 * the notifications (none when `announce` is false, as in a rebuild). Other read models it reads
 * reflect exactly the log before this event.
 */
export interface MultiDocProjection<E extends DomainEvent = DomainEvent> {
  name: string;
  collection: string;
  canHandle: readonly E["type"][];
  apply(models: ReadModels, event: ProjectedEvent<E>, announce: boolean): Promise<Notification[]>;
  /**
   * This event applied as `apply` would, without its promises, when every document it reads is at
   * hand (`held` answers them, or undefined when it cannot at once): the single-document
   * projection that applies it and the event to evolve with; else undefined (then `apply`). A
   * rebuild, where `held` reads its working set, runs most events so (`apply`'s promise chain per
   * event was a fifth of a replay's time).
   */
  alone?(
    event: ProjectedEvent<E>,
    held: HeldDocs,
  ): { projection: Projection; event: ProjectedEvent } | undefined;
  indexes: readonly IndexSpec[];
}

/** Documents of a read model by id, when all of `ids` can be answered at once (absent ones left out). */
export type HeldDocs = <D extends Doc>(
  collection: string,
  ids: readonly string[],
) => Map<string, D> | undefined;

/** A multi-stream read model's document: the global log position it reflects is its replay guard. */
export type PositionedDoc = Doc & { position: string };

/** A document as `evolve` answers it: the write stamps the event's position on it. */
export type Unpositioned<D> = D extends unknown ? Omit<D, "position"> : never;

/** One document an event changes, and how (`evolve` answers the new document, or null to delete it). */
export interface DocChange<D extends PositionedDoc = PositionedDoc> {
  id: string;
  evolve(doc: D | null): Unpositioned<D> | null;
}

/**
 * A multi-stream projection's own documents by id: at once where they are held in memory (a
 * replay's working set), else a promise (the store).
 */
export type Owned<D> = Map<string, D> | Promise<Map<string, D>>;

/** `f` of the documents `own` answered: at once when they were, without a microtask per event. */
export const withOwned = <D, R>(owned: Owned<D>, f: (docs: Map<string, D>) => R): R | Promise<R> =>
  owned instanceof Promise ? owned.then(f) : f(owned);

/**
 * A multi-stream projection: its documents sum up events of many streams (a day's sales, a
 * school's revenue), so no stream revision can guard them. Each document stores the global log
 * position it last applied; an event at or before it is skipped, which makes a redelivered or
 * replayed event a no-op document by document.
 *
 * `changes` names the documents one event touches. It may read this projection's own documents
 * (`own`, several at once), but only facts no later event changes (an order's payable total, a
 * product's school as of the event): after a failure mid-event the event is applied again, and
 * `own` then answers documents that event may already have written. Those documents are skipped,
 * so the answer is only used for the documents not yet written, and for them it is the same as
 * the first time.
 */
export interface MultiStreamProjection<
  D extends PositionedDoc = PositionedDoc,
  E extends DomainEvent = DomainEvent,
> {
  kind: "multi-stream";
  name: string;
  collection: string;
  canHandle: readonly E["type"][];
  changes(
    event: ProjectedEvent<E>,
    own: (ids: string[]) => Owned<D>,
  ): DocChange<D>[] | Promise<DocChange<D>[]>;
  /** The live messages for the documents this event changed (as stored, in `changes`' order). */
  notify?(changed: D[], event: ProjectedEvent<E>): Notification[];
  indexes: readonly IndexSpec[];
  /**
   * How `applyEvent` and a rebuild run it, reading and writing through `models` (`multiStream`
   * builds it from `changes` and `notify`); no notifications unless `announce`, as in a rebuild.
   */
  apply(models: ReadModels, event: ProjectedEvent<E>, announce: boolean): Promise<Notification[]>;
}

/** Every kind of projection the projector runs. */
export type AnyProjection = Projection | MultiDocProjection | MultiStreamProjection;
