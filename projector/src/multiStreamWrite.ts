import { comparePositions } from "@shop/contracts";
import { type DocumentStore, DuplicateKeyError } from "@shop/platform";
import type { MultiStreamProjection, Notification, PositionedDoc, ProjectedEvent } from "./projection.ts";

/**
 * Applies one event to a multi-stream projection, document by document: a document whose stored
 * position is at or after the event's already holds it and is left alone. Each write is
 * conditional on the position it read (compare-and-set), so a second writer that got there first
 * wins and this one changes nothing. Answers the notifications for the documents it changed.
 */
export const applyMultiStream = async (
  docs: DocumentStore,
  projection: MultiStreamProjection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  const coll = docs.collection<PositionedDoc>(projection.collection);
  const own = (id: string) => coll.findOne({ _id: id });
  const changed: PositionedDoc[] = [];
  for (const change of await projection.changes(event, own)) {
    const doc = await own(change.id);
    if (doc && comparePositions(doc.position, event.position) >= 0) continue;
    const evolved = change.evolve(doc);
    const guard = doc
      ? { _id: change.id, position: doc.position }
      : { _id: change.id, position: { $exists: false } };
    try {
      if (evolved === null) {
        if (doc) await coll.deleteOne(guard);
        continue;
      }
      const next = { ...evolved, _id: change.id, position: event.position } as PositionedDoc;
      const res = await coll.replaceOne(guard, next, { upsert: true });
      if (res.matchedCount === 0 && res.upsertedCount === 0) continue;
      changed.push(next);
    } catch (err) {
      // Another writer stored this document first (the upsert met its `_id`).
      if (err instanceof DuplicateKeyError) continue;
      throw err;
    }
  }
  if (opts.announce === false || !projection.notify || changed.length === 0) return [];
  return projection.notify(changed, event);
};
