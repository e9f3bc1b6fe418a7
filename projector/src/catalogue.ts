import { type CatalogueKind, PUBLIC_ROOM } from "@shop/contracts";
import type { Notification, ProjectedEvent } from "./projection.ts";

/** Every socket hears that the catalogue changed; screens refetch what they show. */
export const catalogueUpdated = (kind: CatalogueKind, id: string, e: ProjectedEvent): Notification => ({
  rooms: [PUBLIC_ROOM],
  event: "catalogue.updated",
  payload: { position: e.position, kind, id },
});
