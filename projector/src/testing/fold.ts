import type { DomainEvent } from "@shop/contracts";
import { createMemoryDocumentStore } from "@shop/platform";
import type { Notification, ProjectedEvent, Projection, ReadDoc } from "../projection.ts";

const handles = <E extends DomainEvent>(
  projection: Projection<ReadDoc, E>,
  event: ProjectedEvent | ProjectedEvent<E>,
): event is ProjectedEvent<E> => (projection.canHandle as readonly string[]).includes(event.type);

/** Given events → the document a projection builds from them (null when deleted or never made). */
export const fold = <D extends ReadDoc, E extends DomainEvent>(
  projection: Projection<D, E>,
  events: (ProjectedEvent | ProjectedEvent<E>)[],
): D | null =>
  events.reduce<D | null>((doc, e) => (handles(projection, e) ? projection.evolve(doc, e) : doc), null);

/** The notifications for the last event, given the document after it (other read models empty). */
export const notesFor = async <D extends ReadDoc, E extends DomainEvent>(
  projection: Projection<D, E>,
  events: ProjectedEvent<E>[],
): Promise<Notification[]> => {
  const last = events.at(-1);
  if (!last) return [];
  return (await projection.notify?.(fold(projection, events), last, createMemoryDocumentStore())) ?? [];
};
