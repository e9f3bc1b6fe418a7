import type { ProductEvent } from "@shop/contracts";
import { notebookFields } from "@shop/contracts/testing";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { productDecider } from "./decider.ts";

const given = specFor(productDecider);
const productId = "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const fields = notebookFields;
const added: ProductEvent = { type: "ProductAdded", data: { ...fields, productId } };

describe("product decider", () => {
  it("adds a product with zero discount", () =>
    given([])
      .when({ type: "AddProduct", data: { ...fields, productId } })
      .then([added]));
  it("refuses to add the same id twice", () =>
    given([added])
      .when({ type: "AddProduct", data: { ...fields, productId } })
      .thenThrows("conflict"));
  it("updates a listed product", () =>
    given([added])
      .when({ type: "UpdateProduct", data: { ...fields, productId, pricePaise: 7000 } })
      .then([{ type: "ProductUpdated", data: { ...fields, productId, pricePaise: 7000 } }]));
  it("answers Book Not Found! for an unknown or removed product", () => {
    given([])
      .when({ type: "UpdateProduct", data: { ...fields, productId } })
      .thenThrows("not_found", "Book Not Found!");
    given([added, { type: "ProductRemoved", data: { productId } }])
      .when({ type: "RemoveProduct", data: { productId } })
      .thenThrows("not_found", "Book Not Found!");
  });
});
