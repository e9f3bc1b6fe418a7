import type { ProjectedEvent } from "./projection.ts";
import { type Notification, PUBLIC_ROOM } from "./projection.ts";

/** Every socket hears that the catalogue changed; screens refetch what they show. */
export const catalogueUpdated = (
  kind: "school" | "product" | "promotion",
  id: string,
  e: ProjectedEvent,
): Notification => ({
  rooms: [PUBLIC_ROOM],
  event: "catalogue.updated",
  payload: { position: e.position, kind, id },
});
