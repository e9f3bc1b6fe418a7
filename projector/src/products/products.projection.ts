import { type ProductDoc, type ProductEvent, productsCollection } from "@shop/contracts";
import { catalogueUpdated } from "../catalogue.ts";
import type { Projection } from "../projection.ts";

/**
 * Products of every kind. ProductRemoved deletes the document: orders keep their own price and
 * image snapshots, carts drop the line when they join products.
 */
export const productsProjection: Projection<ProductDoc, ProductEvent> = {
  name: "products",
  collection: productsCollection.name,
  indexes: productsCollection.indexes,
  canHandle: ["ProductAdded", "ProductUpdated", "ProductRemoved"],
  documentId: (e) => e.data.productId,
  evolve(_doc, event) {
    switch (event.type) {
      case "ProductAdded":
      case "ProductUpdated": {
        const { productId, ...fields } = event.data;
        return { _id: productId, id: productId, ...fields, revision: event.revision };
      }
      case "ProductRemoved":
        return null;
      default: {
        const never: never = event;
        return never;
      }
    }
  },
  notify: (_after, e) => [catalogueUpdated("product", e.data.productId, e)],
};
