import { createMemoryDocumentStore } from "@shop/platform";
import type { Notification, ProjectedEvent, Projection, ReadDoc } from "../projection.ts";

/** Given events → the document a projection builds from them (null when deleted or never made). */
export const fold = <D extends ReadDoc>(projection: Projection<D>, events: ProjectedEvent[]): D | null =>
  events.reduce<D | null>(
    (doc, e) => (projection.canHandle.includes(e.type) ? projection.evolve(doc, e) : doc),
    null,
  );

/** The notifications for the last event, given the document after it (other read models empty). */
export const notesFor = async <D extends ReadDoc>(
  projection: Projection<D>,
  events: ProjectedEvent[],
): Promise<Notification[]> => {
  const last = events.at(-1);
  if (!last) return [];
  return (await projection.notify?.(fold(projection, events), last, createMemoryDocumentStore())) ?? [];
};
