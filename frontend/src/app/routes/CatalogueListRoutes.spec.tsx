import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, type MockReply, mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const box = aProduct({
  id: "st1",
  kind: "stationery",
  title: "Camlin Geometry Box With Compass And Divider",
  pricePaise: 25_000,
  discountPaise: 2_500,
  imageUrl: "/media/stationeries/box.png",
});
const pens = aProduct({
  id: "st2",
  kind: "stationery",
  title: "Reynolds Pens",
  imageUrl: "uploads/pens.png",
});

describe("stationery and notebook lists", () => {
  it("says 'Loading...' and then shows cut titles, prices and the default book picture", async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({ "GET /api/products": () => reply.promise });
    renderApp("/stationeries");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    reply.resolve({ body: { items: [box, pens] } });

    const cards = await screen.findAllByTestId("product-card");
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByText("Camlin Geometry Box With ...")).toBeInTheDocument();
    expect(within(first).getByTestId("price")).toHaveTextContent("₹225.00");
    expect(within(first).getByText("10% off")).toBeInTheDocument();
    expect(within(first).getByRole("link")).toHaveAttribute("href", "/stationery/st1");
    expect(within(first).getByRole("img")).toHaveAttribute("src", "/media/stationeries/box.png");
    // Short titles stay whole; an image path starting with 'u' shows the default picture.
    expect(within(second).getByText("Reynolds Pens")).toBeInTheDocument();
    expect(within(second).getByRole("img")).toHaveAttribute("src", "/default-book.svg");
    expect(
      new URL(api.callsTo("GET", "/api/products")[0]?.url ?? "", "http://x").searchParams.get("kind"),
    ).toBe("stationery");
  });

  it("says 'No Stationaries here.' on an empty list", async () => {
    const api = mockApi({ "GET /api/products": { body: { items: [] } } });
    renderApp("/notebooks");
    expect(await screen.findByText("No Stationaries here.")).toBeInTheDocument();
    expect(
      new URL(api.callsTo("GET", "/api/products")[0]?.url ?? "", "http://x").searchParams.get("kind"),
    ).toBe("notebook");
  });

  it("toasts 'Login First!' when a visitor adds to the cart", async () => {
    const api = mockApi({ "GET /api/products": { body: { items: [box] } } });
    renderApp("/viewallBooks");
    await userEvent.setup().click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Login First!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/items")).toHaveLength(0);
  });

  it("lists every book on /viewallBooks, linking to /product/{id}", async () => {
    const api = mockApi({ "GET /api/products": { body: { items: [aProduct({ id: "b1" })] } } });
    renderApp("/viewallBooks", { user: aUser() });
    const [card] = await screen.findAllByTestId("product-card");
    expect(within(card as HTMLElement).getByRole("link")).toHaveAttribute("href", "/product/b1");
    expect(
      new URL(api.callsTo("GET", "/api/products")[0]?.url ?? "", "http://x").searchParams.get("kind"),
    ).toBe("book");
  });

  it("toasts 'Failed to add!' when the cart refuses", async () => {
    mockApi({ "GET /api/products": { body: { items: [box] } } });
    renderApp("/stationeries", { user: aUser() });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Add to Cart" }));
    expect(await screen.findByText("Failed to add!")).toBeInTheDocument();
  });
});
