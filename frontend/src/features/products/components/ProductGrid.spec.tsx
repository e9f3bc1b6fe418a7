import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { aProduct } from "../../../testing/fixtures.ts";
import { renderWithProviders } from "../../../testing/render.tsx";
import { ProductGrid } from "./ProductGrid.tsx";

describe("ProductGrid", () => {
  it("shows each product's price after discount in rupees, with the discount percent", async () => {
    mockApi({
      "GET /api/products": {
        body: {
          items: [
            aProduct({ id: "a1", title: "Atlas", pricePaise: 123_400, discountPaise: 0 }),
            aProduct({
              id: "b2",
              title: "Notebook 200 pages",
              kind: "notebook",
              pricePaise: 50_000,
              discountPaise: 5_050,
            }),
          ],
        },
      },
    });
    renderWithProviders(<ProductGrid renderActions={() => <button type="button">Buy Now</button>} />);

    const cards = await screen.findAllByTestId("product-card");
    expect(cards).toHaveLength(2);
    const [atlas, notebook] = cards as [HTMLElement, HTMLElement];
    expect(within(atlas).getByTestId("price")).toHaveTextContent("₹1,234.00");
    expect(within(atlas).queryByText(/% off/)).not.toBeInTheDocument();
    expect(within(notebook).getByTestId("price")).toHaveTextContent("₹449.50");
    expect(within(notebook).getByText("10% off")).toBeInTheDocument();
    expect(within(notebook).getByRole("img", { name: "Notebook 200 pages" })).toBeInTheDocument();
    expect(within(notebook).getByRole("link")).toHaveAttribute("href", "/product/b2");
    expect(within(notebook).getByRole("button", { name: "Buy Now" })).toBeInTheDocument();
  });

  it("cuts long titles as the spec says", async () => {
    mockApi({
      "GET /api/products": { body: { items: [aProduct({ title: "A Very Long Title For A School Book" })] } },
    });
    renderWithProviders(<ProductGrid />);
    expect(await screen.findByText("A Very Long Title For A S...")).toBeInTheDocument();
  });
});
