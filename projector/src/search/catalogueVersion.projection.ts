import {
  CATALOGUE_EVENT_TYPES,
  CATALOGUE_VERSION_ID,
  type CatalogueVersionDoc,
  catalogueVersionCollection,
  type ProductEvent,
  type SchoolEvent,
} from "@shop/contracts";
import { multiStream } from "../multiStreamWrite.ts";

/**
 * The catalogue's version (contracts' search/readModel.ts): every school or product event stamps
 * its position on the one document. Runs after the schools and products projections (last in
 * `allProjections`), so a reader that sees a version finds the documents at least that new.
 */
export const catalogueVersionProjection = multiStream<
  CatalogueVersionDoc & { position: string },
  ProductEvent | SchoolEvent
>({
  name: "catalogueVersion",
  collection: catalogueVersionCollection.name,
  indexes: catalogueVersionCollection.indexes,
  canHandle: CATALOGUE_EVENT_TYPES,
  changes: () => [{ id: CATALOGUE_VERSION_ID, evolve: () => ({ _id: CATALOGUE_VERSION_ID }) }],
});
