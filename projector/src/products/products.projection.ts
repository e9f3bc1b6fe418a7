import {
  type ProductDoc,
  type ProductEvent,
  productsCollection,
  type SchoolDoc,
  type SchoolEvent,
  schoolsCollection,
} from "@shop/contracts";
import { type DocumentStore, DuplicateKeyError } from "@shop/platform";
import { catalogueUpdated } from "../catalogue.ts";
import type { MultiDocProjection, Notification, ProjectedEvent } from "../projection.ts";
import { productDoc, renameSchool, type SchoolName } from "./productDoc.ts";

type Handled = ProductEvent | Extract<SchoolEvent, { type: "SchoolRegistered" | "SchoolUpdated" }>;

const products = (docs: DocumentStore) => docs.collection<ProductDoc>(productsCollection.name);

const schoolName = async (docs: DocumentStore, schoolId: string | undefined): Promise<SchoolName | null> => {
  if (!schoolId) return null;
  const school = await docs.collection<SchoolDoc>(schoolsCollection.name).findOne({ _id: schoolId });
  return school ? { name: school.name, revision: school.revision } : null;
};

/** Replaces `doc` by `next` unless a redelivery already stored this revision or a newer one. */
const store = async (doc: ProductDoc | null, next: ProductDoc | null, docs: DocumentStore) => {
  const id = (next ?? doc)?._id;
  if (!id) return false;
  const guard = doc ? { _id: id, revision: doc.revision } : { _id: id };
  try {
    if (next === null) return (await products(docs).deleteOne(guard)).deletedCount > 0;
    const res = await products(docs).replaceOne(guard, next, { upsert: !doc });
    return res.matchedCount + res.upsertedCount > 0;
  } catch (err) {
    if (err instanceof DuplicateKeyError) return false;
    throw err;
  }
};

const applyProductEvent = async (
  docs: DocumentStore,
  e: ProjectedEvent<ProductEvent>,
  announce: boolean,
): Promise<Notification[]> => {
  const doc = await products(docs).findOne({ _id: e.data.productId });
  if (doc && doc.revision >= e.revision) return [];
  let next: ProductDoc | null = null;
  if (e.type !== "ProductRemoved") {
    const { productId, ...fields } = e.data;
    next = productDoc(productId, fields, e.revision, await schoolName(docs, fields.schoolId));
  } else if (!doc) return [];
  if (!(await store(doc, next, docs)) || !announce) return [];
  return [catalogueUpdated("product", e.data.productId, e)];
};

/** A school's (new) name reaches its books; the school's own catalogue.updated makes screens refetch. */
const applySchoolEvent = async (docs: DocumentStore, e: ProjectedEvent<SchoolEvent>) => {
  if (e.type === "SchoolRemoved") return [];
  const school = { name: e.data.name, revision: e.revision };
  for (const doc of await products(docs).find({ schoolId: e.data.schoolId })) {
    const next = renameSchool(doc, school);
    if (next !== doc) await store(doc, next, docs);
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
  apply(docs, e, announce) {
    switch (e.type) {
      case "SchoolRegistered":
      case "SchoolUpdated":
        return applySchoolEvent(docs, e as ProjectedEvent<SchoolEvent>);
      default:
        return applyProductEvent(docs, e as ProjectedEvent<ProductEvent>, announce);
    }
  },
};
