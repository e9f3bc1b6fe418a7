import { type ProductEvent, type ProductFields, productView } from "@shop/contracts";
import { describe, expect, it } from "vitest";
import { recorded } from "../testing/events.ts";
import { fold, notesFor } from "../testing/fold.ts";
import { productsProjection } from "./products.projection.ts";

const productId = "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const schoolId = "0b6c0f8e-1d2a-4c3b-8e4f-5a6b7c8d9e0f";
const stream = `product-${productId}`;
const fields: ProductFields = {
  kind: "book",
  title: "Mathematics Class 8",
  author: "R. D. Sharma",
  publisher: "Dhanpat Rai",
  publishedOn: "2024-04-01",
  edition: "2024",
  language: "English",
  subject: "Mathematics",
  schoolId,
  class: 8,
  pricePaise: 24000,
  discountPaise: 2400,
  description: "The class 8 text",
  imageUrl: "/media/books/maths.png",
};
const addedEvent: ProductEvent = { type: "ProductAdded", data: { productId, ...fields } };
const { subject: _s, ...withoutSubject } = fields;
const updated: ProductEvent = {
  type: "ProductUpdated",
  data: { productId, ...withoutSubject, pricePaise: 25000 },
};
const removed: ProductEvent = { type: "ProductRemoved", data: { productId } };

describe("products projection", () => {
  it("builds the Product from ProductAdded", () => {
    const doc = fold(productsProjection, recorded(stream, [addedEvent]));
    expect(doc).toEqual({ _id: productId, id: productId, ...fields, revision: 0 });
    if (doc) expect(productView(doc)).toEqual({ id: productId, ...fields });
  });

  it("replaces every field on ProductUpdated (a field left out is gone)", () => {
    const doc = fold(productsProjection, recorded(stream, [addedEvent, updated]));
    expect(doc).toMatchObject({ pricePaise: 25000, revision: 1 });
    expect(doc).not.toHaveProperty("subject");
  });

  it("deletes the document on ProductRemoved", () => {
    expect(fold(productsProjection, recorded(stream, [addedEvent, removed]))).toBeNull();
  });

  it("tells everyone the catalogue changed", async () => {
    expect(await notesFor(productsProjection, recorded(stream, [addedEvent], 9))).toEqual([
      {
        rooms: ["public"],
        event: "catalogue.updated",
        payload: { position: "9", kind: "product", id: productId },
      },
    ]);
  });
});
