import { type Doc, type DocumentStore, DuplicateKeyError, type Filter } from "@shop/platform";
import type { Notification, ProjectedEvent, Projection, ReadDoc } from "./projection.ts";

/**
 * Where a store-backed projection (`apply`: a cart reading its product, the dashboard's
 * multi-stream figures) reads and writes documents: the document store live (`storeReadModels`),
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
 * Projections only read what they are given and answer new documents (the contract above), so
 * the embedded store may hand them its own, uncopied.
 */
const SHARED = { shared: true } as const;

/** `applyEvent` for a single-document projection on the document store. */
export const applyToStore = async (
  docs: DocumentStore,
  projection: Projection,
  event: ProjectedEvent,
  announce: boolean,
): Promise<Notification[]> => {
  const coll = docs.collection<ReadDoc>(projection.collection);
  const id = projection.documentId(event);
  const doc = await coll.findOne({ _id: id }, SHARED);
  if (doc && doc.revision >= event.revision) return [];
  const next = projection.evolve(doc, event);
  if (next === doc) return [];
  try {
    if (next === null) {
      if (doc) await coll.deleteOne({ _id: id, revision: { $lt: event.revision } });
    } else {
      const guard = doc ? { _id: id, revision: { $lt: event.revision } } : { _id: id };
      await coll.replaceOne(guard, next, { upsert: true });
    }
  } catch (err) {
    // Another writer (a redelivery) got there first with this revision or a newer one.
    if (err instanceof DuplicateKeyError) return [];
    throw err;
  }
  if (!announce || !projection.notify) return [];
  return projection.notify(next, event, docs);
};

const made = new WeakMap<DocumentStore, ReadModels>();

/** The document store as read models: every read a copy, every write conditional (the live projector). */
export const storeReadModels = (docs: DocumentStore): ReadModels => {
  const known = made.get(docs);
  if (known) return known;
  const models: ReadModels = {
    get: (collection, id) => docs.collection(collection).findOne({ _id: id }, SHARED) as never,
    async getMany<D extends Doc>(collection: string, ids: readonly string[]) {
      const found = await docs
        .collection<D>(collection)
        .find(ids.length === 1 ? { _id: ids[0] } : { _id: { $in: ids } }, SHARED);
      return new Map(found.map((d) => [d._id, d]));
    },
    find: (collection, filter) => docs.collection(collection).find(filter, SHARED) as never,
    async write(collection, id, previous, next, guard) {
      const coll = docs.collection(collection);
      const filter = previous ? { _id: id, [guard]: previous[guard] } : { _id: id };
      try {
        if (next === null) return previous ? (await coll.deleteOne(filter)).deletedCount > 0 : true;
        const res = await coll.replaceOne(filter, next, { upsert: !previous });
        return res.matchedCount + res.upsertedCount > 0;
      } catch (err) {
        // Another writer stored this document first (the upsert met its `_id`).
        if (err instanceof DuplicateKeyError) return false;
        throw err;
      }
    },
    evolve: (projection, event, announce) => applyToStore(docs, projection, event, announce),
  };
  made.set(docs, models);
  return models;
};
