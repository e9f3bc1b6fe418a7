import { type Doc, type DocumentStore, DuplicateKeyError } from "@shop/platform";
import type { Notification, ProjectedEvent, Projection, ReadDoc, ReadModels } from "./projection.ts";

/**
 * Projections only read what they are given and answer new documents (`ReadModels`' contract in
 * projection.ts), so the embedded store may hand them its own, uncopied.
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
