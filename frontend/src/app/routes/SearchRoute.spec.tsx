import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

describe("search page", () => {
  it("lists matching schools and books", async () => {
    const api = mockApi({
      "GET /api/search": {
        body: {
          schools: [
            {
              id: "s1",
              name: "Kendriya Vidyalaya Andheri",
              imageUrl: "/media/schools/kv.png",
              location: "IRLA",
              area: "Andheri West",
              district: "Mumbai Suburban",
              state: "Maharashtra",
              pincode: 400056,
              board: "CBSE",
              medium: "Hindi",
            },
          ],
          products: [
            aProduct({ id: "b1", title: "Hindi Class 8" }),
            aProduct({ id: "n1", kind: "notebook", title: "Long Book" }),
          ],
        },
      },
    });
    renderApp("/search/kendriya");
    expect(await screen.findByRole("heading", { name: "Results for “kendriya”" })).toBeInTheDocument();
    expect(await screen.findByRole("link", { name: /Kendriya Vidyalaya Andheri/ })).toHaveAttribute(
      "href",
      "/school/s1",
    );
    const cards = screen.getAllByTestId("product-card");
    expect(within(cards[0] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/product/b1");
    expect(within(cards[1] as HTMLElement).getByRole("link")).toHaveAttribute("href", "/stationery/n1");
    expect(api.callsTo("GET", "/api/search")[0]?.url).toContain("q=kendriya");
  });

  it("says 'No results' when nothing matches", async () => {
    mockApi({ "GET /api/search": { body: { schools: [], products: [] } } });
    renderApp("/search/zzz");
    expect(await screen.findByText("No results")).toBeInTheDocument();
  });

  it("asks for a search without a term", async () => {
    const api = mockApi({});
    renderApp("/search");
    expect(await screen.findByRole("heading", { name: "Search" })).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/search")).toHaveLength(0);
  });
});
