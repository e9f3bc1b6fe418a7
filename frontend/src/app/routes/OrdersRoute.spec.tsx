import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { anOrderSummary, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const order = anOrderSummary({
  customer: { name: "Ravi Kumar", email: "ravi@example.com", contact: "98450" },
  firstItem: { title: "Science Class 8", imageUrl: "/media/books/s8.png" },
});

describe("orders list", () => {
  it("shows a customer's own orders titled with the first product", async () => {
    const api = mockApi({ "GET /api/orders": { body: { items: [order] } } });
    renderApp("/orders", { user: aUser() });
    const [row] = await screen.findAllByTestId("order-row");
    expect(within(row as HTMLElement).getByText("Science Class 8")).toBeInTheDocument();
    expect(within(row as HTMLElement).getByRole("link")).toHaveAttribute("href", `/order/${order.id}`);
    expect(api.callsTo("GET", "/api/orders")[0]?.url).toContain("scope=mine");
  });

  it("shows an admin every order, titled with the customer's name and e-mail", async () => {
    const api = mockApi({ "GET /api/orders": { body: { items: [order] } } });
    renderApp("/orders", { user: aUser({ accType: 1 }) });
    const [row] = await screen.findAllByTestId("order-row");
    expect(within(row as HTMLElement).getByText("Ravi Kumar")).toBeInTheDocument();
    expect(row).toHaveTextContent("ravi@example.com");
    expect(api.calls.find((c) => c.path === "/api/orders")?.url).toContain("scope=all");
  });

  it("says 'No Orders Here'", async () => {
    mockApi({ "GET /api/orders": { body: { items: [] } } });
    renderApp("/orders", { user: aUser() });
    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
  });
});
