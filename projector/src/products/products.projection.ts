import type { Product } from "@shop/contracts";
import { type Projection, PUBLIC_ROOM, type ReadDoc } from "../projection.ts";

export type ProductDoc = ReadDoc & Product;

export const productsProjection: Projection<ProductDoc> = {
  name: "products",
  collection: "products",
  canHandle: ["ProductAdded", "ProductUpdated", "ProductRemoved"],
  documentId: (e) => (e.data as { productId: string }).productId,
  evolve(_doc, event) {
    switch (event.type) {
      case "ProductAdded":
      case "ProductUpdated": {
        const { productId, ...fields } = event.data;
        return { _id: productId, id: productId, ...fields, revision: event.revision };
      }
      case "ProductRemoved":
        return null;
      default:
        return _doc;
    }
  },
  notify: (_after, event) => [
    {
      rooms: [PUBLIC_ROOM],
      event: "catalogue.updated",
      payload: { kind: "product", id: (event.data as { productId: string }).productId },
    },
  ],
  indexes: [{ keys: { title: 1 } }, { keys: { kind: 1, title: 1 } }, { keys: { schoolId: 1, class: 1 } }],
};
