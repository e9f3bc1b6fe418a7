import { type ProductDoc, type ProductFields, searchTokensOf } from "@shop/contracts";

/** A school as a product names it: its current name and the school stream's revision. */
export interface SchoolName {
  name: string;
  revision: number;
}

const tokensOf = (fields: ProductFields, schoolName: string | undefined) =>
  searchTokensOf([
    fields.title,
    fields.subject,
    fields.author,
    fields.publisher,
    schoolName,
    fields.class,
    fields.class === undefined ? undefined : "class",
  ]);

/** The stored product: the event's fields, its school's name, and the words search matches. */
export const productDoc = (
  productId: string,
  fields: ProductFields,
  revision: number,
  school: SchoolName | null,
): ProductDoc => ({
  _id: productId,
  id: productId,
  ...fields,
  ...(school && { schoolName: school.name, schoolRevision: school.revision }),
  searchTokens: tokensOf(fields, school?.name),
  revision,
});

/**
 * A renamed (or newly registered) school reaches its books. Answers the same document when it
 * already reflects that school revision, so a replay changes nothing.
 */
export const renameSchool = (doc: ProductDoc, school: SchoolName): ProductDoc => {
  if ((doc.schoolRevision ?? -1) >= school.revision) return doc;
  const { _id, id: _id2, revision, searchTokens: _t, schoolName: _n, schoolRevision: _r, ...fields } = doc;
  return productDoc(_id, fields, revision, school);
};
