import { type SchoolDoc, type SchoolEvent, schoolsCollection } from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { Projection } from "../projection.ts";

/**
 * Schools, one document each. SchoolRemoved deletes the document (as ProductRemoved does): no
 * query shows removed schools, orders keep their own snapshots, and the projector replays the
 * log in order from its checkpoint, so a removal is always re-applied after the events before it.
 */
export const schoolsProjection: Projection<SchoolDoc, SchoolEvent> = {
  name: "schools",
  collection: schoolsCollection.name,
  indexes: schoolsCollection.indexes,
  canHandle: ["SchoolRegistered", "SchoolUpdated", "SchoolRemoved"],
  documentId: (e) => e.data.schoolId,
  evolve(_doc, e) {
    switch (e.type) {
      case "SchoolRegistered":
      case "SchoolUpdated": {
        const { schoolId, ...fields } = e.data;
        return { _id: schoolId, id: schoolId, ...fields, revision: e.revision };
      }
      case "SchoolRemoved":
        return null;
      default: {
        const never: never = e;
        return never;
      }
    }
  },
  notify: (_after, e) => [catalogueUpdated("school", e.data.schoolId, e)],
};
