import type { OrderSummary } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { anOrder, anOrderSummary, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const first = anOrderSummary();
const placed: OrderSummary = anOrderSummary({
  id: "9a8b7c6d-1234-4abc-8def-00000000abcd",
  shortId: "0000abcd",
  placedAt: "2025-07-09T19:30:00.000Z",
  customer: { name: "Vikram Singh", email: "vikram@example.com", contact: "+91 90000 22222" },
  shippingAddress: "7 Civil Lines, Jaipur",
  firstItem: { title: "Hindi Class 5", imageUrl: "/media/books/hindi5.png" },
  payablePaise: 45_000,
  itemsCount: 3,
});

/** The list as the server has it: once the new order is placed, it is there too. */
const ordersApi = () => {
  let items = [first];
  const api = mockApi({ "GET /api/orders": () => ({ body: { items } }) });
  return { api, place: () => (items = [placed, first]) };
};

const rows = () => screen.getAllByTestId("staff-order-row");

describe("delivery page", () => {
  it("lets admins and delivery staff in, no one else", async () => {
    mockApi({ "GET /api/orders": { body: { items: [] } } });
    renderApp("/delivery", { user: aUser({ accType: 3 }) });
    expect(await screen.findByText("You Don't have Admin Permissions")).toBeInTheDocument();
  });

  it("says 'No Orders Here' when there are none", async () => {
    const { api } = ordersApi();
    api.fetchMock.mockImplementation(async () => Response.json({ items: [] }));
    renderApp("/delivery", { user: aUser({ accType: 2 }) });
    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
  });

  it("lists every order with the spec's fields, linking to /order/{id}", async () => {
    const { api } = ordersApi();
    renderApp("/delivery", { user: aUser({ accType: 2 }) });
    const [row] = await screen.findAllByTestId("staff-order-row");
    const r = within(row as HTMLElement);
    expect(r.getByRole("link", { name: `#${first.shortId}` })).toHaveAttribute("href", `/order/${first.id}`);
    for (const text of [
      "01 June 2025",
      first.shippingAddress,
      "Asha Rao",
      "+91 98450 12345",
      "asha@example.com",
      "₹1,234.00",
      "Pending",
      "1",
    ])
      expect(r.getByText(text)).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/orders")[0]?.url).toContain("scope=all");
  });

  it("puts a new order on top as it is placed, with a notice, and follows status changes", async () => {
    const socket = installFakeSocket();
    const { place } = ordersApi();
    renderApp("/delivery", { user: aUser({ accType: 2 }) });
    expect(await screen.findAllByTestId("staff-order-row")).toHaveLength(1);

    await waitFor(() => expect(socket.listenerCount("order.placed")).toBe(1));
    place();
    await socket.serverEmit("order.placed", { position: "200", order: placed });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0] as HTMLElement).getByText("Vikram Singh")).toBeInTheDocument();
    expect(within(rows()[0] as HTMLElement).getByText("10 July 2025")).toBeInTheDocument();
    expect(await screen.findByText("New order #0000abcd from Vikram Singh")).toBeInTheDocument();

    await socket.serverEmit("order.updated", {
      position: "201",
      order: anOrder({ ...first, status: 3, position: "201" }),
    });
    await waitFor(() => expect(within(rows()[1] as HTMLElement).getByText("Delivered")).toBeInTheDocument());
  });
});

describe("admin orders list", () => {
  it("shows the admin's columns, links to /admin/viewOrder/{id} and inserts new orders live", async () => {
    const socket = installFakeSocket();
    const { place } = ordersApi();
    renderApp("/admin/viewOrders", { user: aUser({ accType: 1 }) });
    // The admin page's lazy chunk (with its filter form) can take over a second on a loaded machine.
    const [row] = await screen.findAllByTestId("staff-order-row", {}, { timeout: 5000 });
    const r = within(row as HTMLElement);
    expect(r.getByRole("link", { name: `#${first.shortId}` })).toHaveAttribute(
      "href",
      `/admin/viewOrder/${first.id}`,
    );
    expect(r.getByRole("img", { name: first.firstItem.title })).toHaveAttribute(
      "src",
      first.firstItem.imageUrl,
    );
    expect(r.getByText("Mathematics Class 8")).toBeInTheDocument();
    expect(r.getByText("01 June 2025")).toBeInTheDocument();
    expect(screen.getAllByRole("columnheader").map((h) => h.textContent)).toEqual([
      "Order ID",
      "Date",
      "Product",
      "Total",
      "Phone",
      "E-mail",
      "Status",
      "Items",
    ]);

    await waitFor(() => expect(socket.listenerCount("order.placed")).toBe(1));
    place();
    await socket.serverEmit("order.placed", { position: "200", order: placed });
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(within(rows()[0] as HTMLElement).getByText("Hindi Class 5")).toBeInTheDocument();
  });
});
