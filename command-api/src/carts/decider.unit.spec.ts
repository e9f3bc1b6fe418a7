import type { CartEvent } from "@shop/contracts";
import { describe, it } from "vitest";
import { specFor } from "../commandHandling/specification.ts";
import { cartDecider } from "./decider.ts";

const given = specFor(cartDecider);
const userId = "1e2d3c4b-5a69-4788-9a6b-5c4d3e2f1a0b";
const p1 = "3f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const p2 = "4f2b8c1d-7e4a-4b6c-9d2e-1a2b3c4d5e6f";
const orderId = "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const added = (productId: string, quantity: number): CartEvent => ({
  type: "CartItemAdded",
  data: { userId, productId, quantity },
});

describe("cart decider", () => {
  it("adds a line", () =>
    given([])
      .when({ type: "AddCartItem", data: { userId, productId: p1, quantity: 2, productListed: true } })
      .then([added(p1, 2)]));
  it("refuses a product the catalogue does not list (removed or never added)", () =>
    given([])
      .when({ type: "AddCartItem", data: { userId, productId: p1, quantity: 1, productListed: false } })
      .thenThrows("not_found", "Book Not Found!"));
  it("adds to an existing line up to 99 and no further", () => {
    given([added(p1, 95)])
      .when({ type: "AddCartItem", data: { userId, productId: p1, quantity: 10, productListed: true } })
      .then([added(p1, 4)]);
    given([added(p1, 99)])
      .when({ type: "AddCartItem", data: { userId, productId: p1, quantity: 1, productListed: true } })
      .thenNothing();
  });
  it("changes a quantity, and 0 removes the line", () => {
    given([added(p1, 2)])
      .when({ type: "ChangeCartQuantity", data: { userId, productId: p1, quantity: 5 } })
      .then([{ type: "CartItemQuantityChanged", data: { userId, productId: p1, quantity: 5 } }]);
    given([added(p1, 2)])
      .when({ type: "ChangeCartQuantity", data: { userId, productId: p1, quantity: 0 } })
      .then([{ type: "CartItemRemoved", data: { userId, productId: p1 } }]);
  });
  it("refuses a quantity for a line that is not in the cart", () =>
    given([])
      .when({ type: "ChangeCartQuantity", data: { userId, productId: p1, quantity: 3 } })
      .thenThrows("not_found"));
  it("treats removing a missing line as done", () =>
    given([])
      .when({ type: "RemoveCartItem", data: { userId, productId: p1 } })
      .thenNothing());
  it("checks out the lines the order took", () =>
    given([added(p1, 2), added(p2, 1)])
      .when({ type: "CheckOutCart", data: { userId, orderId, lines: [{ productId: p1, quantity: 2 }] } })
      .then([
        { type: "CartCheckedOut", data: { userId, orderId, lines: [{ productId: p1, quantity: 2 }] } },
      ]));
  it("keeps a line added during checkout", () =>
    given([
      added(p1, 2),
      added(p2, 1),
      { type: "CartCheckedOut", data: { userId, orderId, lines: [{ productId: p1, quantity: 2 }] } },
    ])
      .when({ type: "RemoveCartItem", data: { userId, productId: p2 } })
      .then([{ type: "CartItemRemoved", data: { userId, productId: p2 } }]));
  it("refuses to check out an empty cart, but answers a retried checkout of the same order", () => {
    given([])
      .when({ type: "CheckOutCart", data: { userId, orderId, lines: [] } })
      .thenThrows("conflict", "Cart is empty");
    given([
      added(p1, 1),
      { type: "CartCheckedOut", data: { userId, orderId, lines: [{ productId: p1, quantity: 1 }] } },
    ])
      .when({ type: "CheckOutCart", data: { userId, orderId, lines: [] } })
      .thenNothing();
  });
});
