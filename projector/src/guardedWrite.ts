import type { DocumentStore } from "@shop/platform";
import type { AnyProjection, Notification, ProjectedEvent } from "./projection.ts";
import { applyToStore, storeReadModels } from "./readModels.ts";

/**
 * Applies one event to one projection on the document store; a revision already applied changes
 * nothing. Answers the live notifications for the change (none with `announce: false`, as in a
 * rebuild).
 */
export const applyEvent = async (
  docs: DocumentStore,
  projection: AnyProjection,
  event: ProjectedEvent,
  opts: { announce?: boolean } = {},
): Promise<Notification[]> => {
  const announce = opts.announce !== false;
  if ("apply" in projection) return projection.apply(storeReadModels(docs), event, announce);
  return applyToStore(docs, projection, event, announce);
};
