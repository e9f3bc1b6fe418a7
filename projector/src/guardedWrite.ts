import { type DocumentStore, DuplicateKeyError } from "@shop/platform";
import type { AnyProjection, Notification, ProjectedEvent, ReadDoc } from "./projection.ts";

/**
 * Applies one event to one projection; a revision already applied changes nothing. Answers the
 * live notifications for the change (none with `announce: false`, as in a rebuild).
 */
export const applyEvent = async (
  docs: DocumentStore,
  projection: AnyProjection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  if ("apply" in projection) return projection.apply(docs, event, opts.announce !== false);
  const coll = docs.collection<ReadDoc>(projection.collection);
  const id = projection.documentId(event);
  const doc = await coll.findOne({ _id: id });
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
  if (opts.announce === false || !projection.notify) return [];
  return projection.notify(next, event, docs);
};
