import {
  type ProductDoc,
  type ProductEvent,
  productsCollection,
  type SchoolDoc,
  type SchoolEvent,
  schoolsCollection,
} from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { MultiDocProjection, Notification, ProjectedEvent, ReadModels } from "../projection.ts";
import { productDoc, renameSchool, type SchoolName } from "./productDoc.ts";

type Handled = ProductEvent | Extract<SchoolEvent, { type: "SchoolRegistered" | "SchoolUpdated" }>;

const products = productsCollection.name;

const schoolName = async (models: ReadModels, schoolId: string | undefined): Promise<SchoolName | null> => {
  if (!schoolId) return null;
  const school = await models.get<SchoolDoc>(schoolsCollection.name, schoolId);
  return school ? { name: school.name, revision: school.revision } : null;
};

/** Replaces `doc` by `next` unless a redelivery already stored this revision or a newer one. */
const store = async (doc: ProductDoc | null, next: ProductDoc | null, models: ReadModels) => {
  const id = (next ?? doc)?._id;
  if (!id) return false;
  return models.write(products, id, doc, next, "revision");
};

const applyProductEvent = async (
  models: ReadModels,
  e: ProjectedEvent<ProductEvent>,
  announce: boolean,
): Promise<Notification[]> => {
  const doc = await models.get<ProductDoc>(products, e.data.productId);
  if (doc && doc.revision >= e.revision) return [];
  let next: ProductDoc | null = null;
  if (e.type !== "ProductRemoved") {
    const { productId, ...fields } = e.data;
    next = productDoc(productId, fields, e.revision, await schoolName(models, fields.schoolId));
  } else if (!doc) return [];
  if (!(await store(doc, next, models)) || !announce) return [];
  return [catalogueUpdated("product", e.data.productId, e)];
};

/** A school's (new) name reaches its books; the school's own catalogue.updated makes screens refetch. */
const applySchoolEvent = async (models: ReadModels, e: ProjectedEvent<SchoolEvent>) => {
  if (e.type === "SchoolRemoved") return [];
  const school = { name: e.data.name, revision: e.revision };
  for (const doc of await models.find<ProductDoc>(products, { schoolId: e.data.schoolId })) {
    const next = renameSchool(doc, school);
    if (next !== doc) await store(doc, next, models);
  }
  return [];
};

/**
 * Products of every kind, each with its school's name and its search words. ProductRemoved
 * deletes the document: orders keep their own price and image snapshots, carts drop the line.
 */
export const productsProjection: MultiDocProjection<Handled> = {
  name: "products",
  collection: productsCollection.name,
  indexes: productsCollection.indexes,
  canHandle: ["ProductAdded", "ProductUpdated", "ProductRemoved", "SchoolRegistered", "SchoolUpdated"],
  apply(models, e, announce) {
    switch (e.type) {
      case "SchoolRegistered":
      case "SchoolUpdated":
        return applySchoolEvent(models, e as ProjectedEvent<SchoolEvent>);
      default:
        return applyProductEvent(models, e as ProjectedEvent<ProductEvent>, announce);
    }
  },
};
