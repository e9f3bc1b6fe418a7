import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const box = aProduct({
  id: "st1",
  kind: "stationery",
  title: "Camlin Geometry Box",
  pricePaise: 25_000,
  discountPaise: 2_500,
});

describe("product and stationery detail", () => {
  it("shows the stationery's facts and its price after discount", async () => {
    mockApi({ "GET /api/products/st1": { body: box } });
    renderApp("/stationery/st1");
    expect(await screen.findByRole("heading", { name: "Camlin Geometry Box" })).toBeInTheDocument();
    expect(screen.getByTestId("price")).toHaveTextContent("₹225.00");
    expect(screen.getByText("Author:")).toBeInTheDocument();
    expect(screen.getByText("Edition:")).toBeInTheDocument();
    expect(screen.getByText("Language:")).toBeInTheDocument();
    expect(screen.getByRole("img", { name: "Camlin Geometry Box" })).toBeInTheDocument();
  });

  it("sends a visitor's Add to Cart to /login", async () => {
    const api = mockApi({ "GET /api/products/st1": { body: box } });
    const { router } = renderApp("/product/st1");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Add to Cart" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect(router.state.location.state).toEqual({ from: "/product/st1" });
    expect(api.callsTo("POST", "/api/cart/items")).toHaveLength(0);
  });

  it("adds to the cart for a signed-in user, the button disabled while pending", async () => {
    const api = mockApi({
      "GET /api/products/st1": { body: box },
      "POST /api/cart/items": { body: { position: "9" } },
    });
    renderApp("/stationery/st1", { user: aUser() });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Added to Cart!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/items")[0]?.body).toEqual({ productId: "st1", quantity: 1 });
  });

  it("says 'Book Not Found!' for an unknown id", async () => {
    mockApi({ "GET /api/products/zz": problem(404, "Book Not Found!") });
    renderApp("/stationery/zz");
    expect(await screen.findByText("Book Not Found!")).toBeInTheDocument();
  });
});
