import type { Product } from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { Projection, ReadDoc } from "../projection.ts";

export type ProductDoc = ReadDoc & Product;

export const productView = (doc: ProductDoc): Product => {
  const { _id, revision: _r, ...product } = doc;
  return product;
};

/**
 * Products of every kind. ProductRemoved deletes the document: orders keep their own price and
 * image snapshots, carts drop the line when they join products.
 */
export const productsProjection: Projection<ProductDoc> = {
  name: "products",
  collection: "products",
  canHandle: ["ProductAdded", "ProductUpdated", "ProductRemoved"],
  documentId: (e) => (e.data as { productId: string }).productId,
  evolve(doc, event) {
    switch (event.type) {
      case "ProductAdded":
      case "ProductUpdated": {
        const { productId, ...fields } = event.data;
        return { _id: productId, id: productId, ...fields, revision: event.revision };
      }
      case "ProductRemoved":
        return null;
      default:
        return doc;
    }
  },
  notify: (_after, e) => [catalogueUpdated("product", (e.data as { productId: string }).productId, e)],
  indexes: [
    { keys: { title: 1 } },
    { keys: { kind: 1, title: 1 } },
    { keys: { schoolId: 1, class: 1, title: 1 } },
  ],
};
