import type { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";
import { ProductFields } from "./events.ts";

export const ProductSchema = ProductFields.extend({ id: AnswerFields.id }).strict();
export type Product = z.infer<typeof ProductSchema>;

export const ProductDocSchema = ProductSchema.extend(docFields).strict();
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
  const { _id, revision: _r, ...product } = doc;
  return product;
};
assertSame<Omit<ProductDoc, "_id" | "revision">, Product>();
