import type { School } from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { Projection, ReadDoc } from "../projection.ts";

export type SchoolDoc = ReadDoc & School;

/**
 * Schools, one document each. SchoolRemoved deletes the document (as ProductRemoved does): no
 * query shows removed schools, orders keep their own snapshots, and the projector replays the
 * log in order from its checkpoint, so a removal is always re-applied after the events before it.
 */
export const schoolsProjection: Projection<SchoolDoc> = {
  name: "schools",
  collection: "schools",
  canHandle: ["SchoolRegistered", "SchoolUpdated", "SchoolRemoved"],
  documentId: (e) => (e.data as { schoolId: string }).schoolId,
  evolve(doc, e) {
    switch (e.type) {
      case "SchoolRegistered":
      case "SchoolUpdated": {
        const { schoolId, ...fields } = e.data;
        return { _id: schoolId, id: schoolId, ...fields, revision: e.revision };
      }
      case "SchoolRemoved":
        return null;
      default:
        return doc;
    }
  },
  notify: (_after, e) => [catalogueUpdated("school", (e.data as { schoolId: string }).schoolId, e)],
  indexes: [{ keys: { name: 1 } }],
};
