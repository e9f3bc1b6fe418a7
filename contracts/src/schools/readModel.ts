import type { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";
import { SchoolFields } from "./events.ts";

export const SchoolSchema = SchoolFields.extend({ id: AnswerFields.id }).strict();
export type School = z.infer<typeof SchoolSchema>;

export const SchoolDocSchema = SchoolSchema.extend(docFields).strict();
export type SchoolDoc = z.infer<typeof SchoolDocSchema>;

export const schoolsCollection: CollectionSpec = {
  name: "schools",
  indexes: [{ keys: { name: 1, _id: 1 } }],
};

export const schoolView = (doc: SchoolDoc): School => {
  const { _id, revision: _r, ...school } = doc;
  return school;
};
assertSame<Omit<SchoolDoc, "_id" | "revision">, School>();
