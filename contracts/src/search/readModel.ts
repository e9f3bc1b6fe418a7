import type { CollectionSpec } from "../shared/readModel.ts";

/**
 * The catalogue's version: one document holding the log position of the last event that changed
 * what search reads (a school or a product). Search keeps its words and answers per version, so
 * order traffic, which moves the read models' position with every event, keeps them warm.
 */
export const catalogueVersionCollection: CollectionSpec = { name: "catalogueVersion", indexes: [] };

/** The one document's `_id`. */
export const CATALOGUE_VERSION_ID = "catalogue";

export type CatalogueVersionDoc = { _id: string; position: string };

/** The events that change a school or a product document (the projector moves the version on each). */
export const CATALOGUE_EVENT_TYPES = [
  "SchoolRegistered",
  "SchoolUpdated",
  "SchoolRemoved",
  "ProductAdded",
  "ProductUpdated",
  "ProductRemoved",
] as const;
