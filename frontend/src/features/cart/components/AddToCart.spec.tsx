import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderWithProviders } from "../../../testing/render.tsx";
import { AddToCart, lineFullText } from "./AddToCart.tsx";

const cartWith = (quantity: number) => ({
  body: {
    items: [{ productId: "p1", quantity, product: aProduct({ id: "p1" }) }],
    totals: { pricePaise: 0, discountPaise: 0, shippingPaise: 0, payablePaise: 0 },
  },
});

describe("Add to Cart (issue 18 item 10)", () => {
  it("says the line is full, not 'Added to Cart!', when it already holds 99", async () => {
    const api = mockApi({
      "GET /api/cart": cartWith(99),
      "POST /api/cart/items": { body: { position: "1" } },
    });
    renderWithProviders(<AddToCart productId="p1" whenLoggedOut="toast" />, { user: aUser() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText(lineFullText)).toBeInTheDocument();
    expect(lineFullText).toContain("99");
    expect(screen.queryByText("Added to Cart!")).not.toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/items")).toHaveLength(0);
  });

  it("adds and says so below the limit", async () => {
    const api = mockApi({
      "GET /api/cart": cartWith(98),
      "POST /api/cart/items": { body: { position: "1" } },
    });
    renderWithProviders(<AddToCart productId="p1" whenLoggedOut="toast" />, { user: aUser() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Added to Cart!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/items")).toHaveLength(1);
  });

  it("says 'Failed to add!' and how long to wait when the customer's cart changes are used up", async () => {
    mockApi({
      "GET /api/cart": cartWith(1),
      "POST /api/cart/items": {
        ...problem(429, "Too many requests, try again later"),
        headers: { "content-type": "application/problem+json", "retry-after": "1200" },
      },
    });
    renderWithProviders(<AddToCart productId="p1" whenLoggedOut="toast" />, { user: aUser() });
    await userEvent.setup().click(screen.getByRole("button", { name: "Add to Cart" }));
    expect(
      await screen.findByText(
        "Failed to add! Too many requests, try again later. Please try again in 20 minutes.",
      ),
    ).toBeInTheDocument();
  });
});
