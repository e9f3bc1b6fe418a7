import { comparePositions, type DomainEvent } from "@shop/contracts";
import type { DocumentStore } from "@shop/platform";
import type {
  MultiStreamProjection,
  Notification,
  PositionedDoc,
  ProjectedEvent,
  ReadModels,
} from "./projection.ts";
import { storeReadModels } from "./readModels.ts";

/**
 * Where a multi-stream projection's documents are read and written: the document store (the live
 * projector, `storeAccess`), or a replay's own working set of documents (a rebuild).
 */
export interface MultiStreamAccess {
  /** The documents stored under these ids (an absent one is missing from the map). */
  read(ids: string[]): Promise<Map<string, PositionedDoc>>;
  /** Stores `next` (null deletes) in place of `previous` (null: none); false when another writer got there first. */
  write(id: string, previous: PositionedDoc | null, next: PositionedDoc | null): Promise<boolean>;
}

/** A projection's collection in `models` as a multi-stream projection's access. */
export const modelsAccess = (models: ReadModels, collection: string): MultiStreamAccess => ({
  read: (ids) => models.getMany<PositionedDoc>(collection, ids),
  write: (id, previous, next) => models.write(collection, id, previous, next, "position"),
});

/**
 * The document store as a multi-stream projection's access. A write of an existing document is
 * conditional on the position it read (compare-and-set): a second writer that got there first
 * wins and this one changes nothing. A new document is upserted on its `_id` alone, as a stream
 * projection's first write.
 */
export const storeAccess = (docs: DocumentStore, collection: string): MultiStreamAccess =>
  modelsAccess(storeReadModels(docs), collection);

/**
 * Applies one event to a multi-stream projection, document by document: a document whose stored
 * position is at or after the event's already holds it and is left alone; the others get the
 * event's position. The documents are read before any is written (once for what `changes` reads,
 * once for the rest). Answers the documents it changed, as stored.
 */
export const applyMultiStreamChanges = async (
  access: MultiStreamAccess,
  projection: MultiStreamProjection,
  event: ProjectedEvent,
): Promise<PositionedDoc[]> => {
  const read = new Map<string, PositionedDoc | null>();
  const own = async (ids: string[]) => {
    const missing = [...new Set(ids.filter((id) => !read.has(id)))];
    if (missing.length) {
      const found = await access.read(missing);
      for (const id of missing) read.set(id, found.get(id) ?? null);
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
    const next = evolved && ({ ...evolved, _id: change.id, position: event.position } as PositionedDoc);
    if (!(await access.write(change.id, doc, next))) continue;
    // A second change of the same document in this event sees this one (and the guard skips it).
    read.set(change.id, next);
    if (next) changed.push(next);
  }
  return changed;
};

/** Applies one event to a multi-stream projection through `models`, with its notifications. */
export const applyMultiStream = async (
  models: ReadModels,
  projection: MultiStreamProjection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  const changed = await applyMultiStreamChanges(
    modelsAccess(models, projection.collection),
    projection,
    event,
  );
  if (opts.announce === false || !projection.notify || changed.length === 0) return [];
  return projection.notify(changed, event);
};

/** A multi-stream projection from its `changes` and `notify`, run by `applyEvent` through `apply`. */
export const multiStream = <D extends PositionedDoc, E extends DomainEvent>(
  spec: Omit<MultiStreamProjection<D, E>, "kind" | "apply">,
): MultiStreamProjection<D, E> => {
  const projection: MultiStreamProjection<D, E> = {
    ...spec,
    kind: "multi-stream",
    apply: (models, event, announce) =>
      applyMultiStream(models, projection as unknown as MultiStreamProjection, event, { announce }),
  };
  return projection;
};
