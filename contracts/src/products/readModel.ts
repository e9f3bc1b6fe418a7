import { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";
import { ProductFields } from "./events.ts";

/** `schoolName`: a book's school as it is named now, so a book is told apart outside its school's page. */
export const ProductSchema = ProductFields.extend({
  id: AnswerFields.id,
  schoolName: z.string().optional(),
}).strict();
export type Product = z.infer<typeof ProductSchema>;

/**
 * The document adds the search words (`searchTokensOf` over title, subject, author, publisher,
 * school and class, kept by the projector) and the school revision its `schoolName` reflects.
 */
export const ProductDocSchema = ProductSchema.extend({
  ...docFields,
  searchTokens: z.array(z.string()),
  schoolRevision: z.number().int().optional(),
}).strict();
export type ProductDoc = z.infer<typeof ProductDocSchema>;

/** Products sort by title (API.md "Lists"), within a kind, or a school's class. */
export const productsCollection: CollectionSpec = {
  name: "products",
  indexes: [
    { keys: { title: 1, _id: 1 } },
    { keys: { kind: 1, title: 1, _id: 1 } },
    { keys: { schoolId: 1, class: 1, title: 1, _id: 1 } },
  ],
};

export const productView = (doc: ProductDoc): Product => {
  const { _id, revision: _r, searchTokens: _t, schoolRevision: _s, ...product } = doc;
  return product;
};
assertSame<Omit<ProductDoc, "_id" | "revision" | "searchTokens" | "schoolRevision">, Product>();
