import {
  type ProductDoc,
  type ProductEvent,
  type ProductFields,
  productView,
  type SchoolEvent,
} from "@shop/contracts";
import { createMemoryDocumentStore } from "@shop/platform";
import { describe, expect, it } from "vitest";
import type { ProjectedEvent } from "../projection.ts";
import { storeReadModels } from "../readModels.ts";
import { schoolsProjection } from "../schools/schools.projection.ts";
import { recorded } from "../testing/events.ts";
import { fold } from "../testing/fold.ts";
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
const school: Omit<Extract<SchoolEvent, { type: "SchoolUpdated" }>["data"], "schoolId"> = {
  name: "Delhi Public School",
  imageUrl: "/media/schools/dps.png",
  location: "Mathura Road",
  area: "Nizamuddin",
  district: "New Delhi",
  state: "Delhi",
  pincode: 110003,
  board: "CBSE",
  medium: "English",
};
const addedEvent: ProductEvent = { type: "ProductAdded", data: { productId, ...fields } };
const { subject: _s, ...withoutSubject } = fields;
const updated: ProductEvent = {
  type: "ProductUpdated",
  data: { productId, ...withoutSubject, pricePaise: 25000 },
};
const removed: ProductEvent = { type: "ProductRemoved", data: { productId } };
const schoolEvents = (...names: string[]) =>
  recorded(
    `school-${schoolId}`,
    names.map(
      (name, i): SchoolEvent => ({
        type: i === 0 ? "SchoolRegistered" : "SchoolUpdated",
        data: { schoolId, ...school, name },
      }),
    ),
    1,
  );

/** A read-model store with the school projected, and the product's events applied in order. */
const world = async (schoolNames: string[] = ["Delhi Public School"]) => {
  const docs = createMemoryDocumentStore();
  const schools = docs.collection("schools");
  const school = fold(schoolsProjection, schoolEvents(...schoolNames));
  if (school) await schools.replaceOne({ _id: schoolId }, school, { upsert: true });
  const apply = (e: ProjectedEvent) =>
    productsProjection.apply(
      storeReadModels(docs),
      e as Parameters<typeof productsProjection.apply>[1],
      true,
    );
  const product = () => docs.collection<ProductDoc>("products").findOne({ _id: productId });
  return { docs, apply, product };
};
const productEvents = (events: ProductEvent[]) => recorded(stream, events, 10);

describe("products projection", () => {
  it("builds the Product from ProductAdded, with its school's name and its search words", async () => {
    const { apply, product } = await world();
    const [added] = productEvents([addedEvent]);
    if (added) await apply(added);
    const doc = await product();
    expect(doc).toMatchObject({
      _id: productId,
      id: productId,
      ...fields,
      schoolName: "Delhi Public School",
      revision: 0,
    });
    expect(doc?.searchTokens).toEqual(
      expect.arrayContaining(["mathematics", "class", "8", "sharma", "delhi", "public", "school"]),
    );
    if (doc)
      expect(productView(doc)).toEqual({ id: productId, ...fields, schoolName: "Delhi Public School" });
  });

  it("replaces every field on ProductUpdated (a field left out is gone) and deletes on ProductRemoved", async () => {
    const { apply, product } = await world();
    const [a, u, r] = productEvents([addedEvent, updated, removed]);
    if (!a || !u || !r) throw new Error("events");
    await apply(a);
    await apply(u);
    expect(await product()).toMatchObject({ pricePaise: 25000, revision: 1 });
    expect(await product()).not.toHaveProperty("subject");
    await apply(r);
    expect(await product()).toBeNull();
  });

  it("renames a book's school when the school is renamed, once per school revision", async () => {
    const { docs, apply, product } = await world();
    const [a] = productEvents([addedEvent]);
    if (a) await apply(a);
    const [, rename] = schoolEvents("Delhi Public School", "DPS Mathura Road");
    if (!rename) throw new Error("events");
    await docs
      .collection("schools")
      .replaceOne(
        { _id: schoolId },
        { _id: schoolId, id: schoolId, ...school, revision: 1 },
        { upsert: true },
      );
    await apply(rename);
    const doc = await product();
    expect(doc?.schoolName).toBe("DPS Mathura Road");
    expect(doc?.searchTokens).toContain("dps");
    expect(doc?.searchTokens).not.toContain("public");
    // The registration again (a replay) does not bring the old name back.
    const [register] = schoolEvents("Delhi Public School");
    if (register) await apply(register);
    expect((await product())?.schoolName).toBe("DPS Mathura Road");
  });

  it("applies a product event once and tells everyone the catalogue changed", async () => {
    const { apply } = await world();
    const [added] = productEvents([addedEvent]);
    if (!added) throw new Error("events");
    expect(await apply(added)).toEqual([
      {
        rooms: ["public"],
        event: "catalogue.updated",
        payload: { position: "10", kind: "product", id: productId },
      },
    ]);
    expect(await apply(added)).toEqual([]);
  });
});
