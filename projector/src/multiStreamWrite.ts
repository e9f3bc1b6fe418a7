import { comparePositions } from "@shop/contracts";
import { type DocumentStore, DuplicateKeyError } from "@shop/platform";
import type { MultiStreamProjection, Notification, PositionedDoc, ProjectedEvent } from "./projection.ts";

/**
 * Applies one event to a multi-stream projection, document by document: a document whose stored
 * position is at or after the event's already holds it and is left alone. Each write of an
 * existing document is conditional on the position it read (compare-and-set), so a second writer
 * that got there first wins and this one changes nothing. The documents are read before any is written (one query for
 * what `changes` reads, one for the rest). Answers the notifications for the documents it changed.
 */
export const applyMultiStream = async (
  docs: DocumentStore,
  projection: MultiStreamProjection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  const coll = docs.collection<PositionedDoc>(projection.collection);
  const read = new Map<string, PositionedDoc | null>();
  const own = async (ids: string[]) => {
    const missing = [...new Set(ids.filter((id) => !read.has(id)))];
    if (missing.length) {
      for (const id of missing) read.set(id, null);
      for (const d of await coll.find(missing.length === 1 ? { _id: missing[0] } : { _id: { $in: missing } }))
        read.set(d._id, d);
    }
    const out = new Map<string, PositionedDoc>();
    for (const id of ids) {
      const d = read.get(id);
      if (d) out.set(id, d);
    }
    return out;
  };
  const changes = await projection.changes(event, own);
  await own(changes.map((c) => c.id));
  const changed: PositionedDoc[] = [];
  for (const change of changes) {
    const doc = read.get(change.id) ?? null;
    if (doc && comparePositions(doc.position, event.position) >= 0) continue;
    const evolved = change.evolve(doc);
    // As a stream projection's first write, a new document's upsert is guarded by nothing but its `_id`.
    const guard = doc ? { _id: change.id, position: doc.position } : { _id: change.id };
    try {
      if (evolved === null) {
        if (doc) await coll.deleteOne(guard);
        read.set(change.id, null);
        continue;
      }
      const next = { ...evolved, _id: change.id, position: event.position } as PositionedDoc;
      const res = await coll.replaceOne(guard, next, { upsert: true });
      if (res.matchedCount === 0 && res.upsertedCount === 0) continue;
      // A second change of the same document in this event sees this one (and the guard skips it).
      read.set(change.id, next);
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
