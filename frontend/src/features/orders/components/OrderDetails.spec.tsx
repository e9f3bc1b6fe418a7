import type { Order } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { anOrder, aUser } from "../../../testing/fixtures.ts";
import { renderApp, renderWithProviders } from "../../../testing/render.tsx";
import { orderKey } from "../api/get-order.ts";
import { OrderDetails } from "./OrderDetails.tsx";

const order = anOrder({ status: 1, position: "100" });
const path = `/order/${order.id}`;

describe("order page", () => {
  it("lists the price details as list items only (axe 'list': no separator inside the list)", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
    renderApp(path, { user: aUser() });
    const details = await screen.findByRole("region", { name: "Price Details" });
    const list = within(details).getByRole("list");
    expect(within(list).getAllByRole("listitem")).toHaveLength(list.children.length);
    expect(within(list).getAllByRole("listitem").at(-1)).toHaveTextContent(/^Total Amount/);
  });

  it("changes the status badge live when the socket sends order.updated", async () => {
    const socket = installFakeSocket();
    mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
    const { unmount, queryClient } = renderApp(path, { user: aUser() });

    const badge = await screen.findByTestId("order-status");
    expect(badge).toHaveTextContent("Pending");
    expect(badge).toHaveAttribute("data-colour", "grey");
    expect(socket.emitted).toContainEqual(["order.watch", { orderId: order.id }]);

    await socket.serverEmit("order.updated", {
      position: "120",
      order: { ...order, status: 2, position: "120" },
    });
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Processing"));
    expect(screen.getByTestId("order-status")).toHaveAttribute("data-colour", "orange");
    // Said to a screen reader as it changes: the badge is in a status region that names it.
    expect(screen.getByRole("status", { name: "Current status" })).toHaveTextContent(
      "Current status: Processing",
    );

    // A payload older than the cached one (positions compare as numbers, not strings) is dropped.
    await socket.serverEmit("order.updated", {
      position: "99",
      order: { ...order, status: 1, position: "99" },
    });
    expect(queryClient.getQueryData<Order>(orderKey(order.id))).toMatchObject({ status: 2, position: "120" });
    expect(screen.getByTestId("order-status")).toHaveTextContent("Processing");

    unmount();
    expect(socket.emitted).toContainEqual(["order.unwatch", { orderId: order.id }]);
    expect(socket.listenerCount("order.updated")).toBe(0);
  });

  it("shows the totals with free shipping struck through", async () => {
    mockApi({
      [`GET /api/orders/${order.id}`]: {
        body: anOrder({
          totals: { pricePaise: 100_000, discountPaise: 10_000, payablePaise: 90_000, shippingPaise: 0 },
        }),
      },
    });
    renderApp(path, { user: aUser() });
    expect(await screen.findByText("Total Amount")).toBeInTheDocument();
    expect(screen.getByText("10%")).toBeInTheDocument();
    expect(screen.getByText("₹40.00").tagName).toBe("S");
    expect(screen.getByText("Free")).toBeInTheDocument();
    expect(screen.getAllByText("₹900.00")).toHaveLength(2);
  });

  it("shows no label in black for an unknown status", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: { body: anOrder({ status: 7 }) } });
    renderApp(path, { user: aUser() });
    const badge = await screen.findByTestId("order-status");
    expect(badge).toHaveTextContent("");
    expect(badge).toHaveAttribute("data-colour", "black");
  });

  it("says 'Order not found!' with a way back home", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: problem(404, "Order not found!") });
    renderApp(path, { user: aUser() });
    expect(await screen.findByText("Order not found!")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  it("tells a user without permission so", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: problem(403, "You are not allowed to do that.") });
    renderApp(path, { user: aUser() });
    expect(await screen.findByText("You Don't have Admin Permissions")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });

  it("has a header with the order id, Invoice and status, and Summary lines with type, price, discount and quantity", async () => {
    mockApi({
      [`GET /api/orders/${order.id}`]: {
        body: anOrder({
          items: [
            {
              productId: "p1",
              kind: "stationery",
              title: "Camlin Geometry Box",
              author: "Camlin",
              imageUrl: "uploads/box.png",
              pricePaise: 25_000,
              discountPaise: 2_500,
              quantity: 3,
            },
            {
              productId: "p2",
              kind: "book",
              title: "English Class 8",
              author: "Wren & Martin",
              schoolName: "Kendriya Vidyalaya Andheri",
              class: 8,
              imageUrl: "uploads/e8.png",
              pricePaise: 20_000,
              discountPaise: 0,
              quantity: 1,
            },
          ],
        }),
      },
    });
    renderApp(path, { user: aUser() });
    expect(
      await screen.findByRole("heading", { name: `Order ID: #${order.id.slice(-8)}` }),
    ).toBeInTheDocument();
    expect(screen.getByRole("button", { name: "Invoice" })).toBeInTheDocument();
    expect(screen.getByRole("tab", { name: "Summary" })).toHaveAttribute("aria-selected", "true");
    const [line] = screen.getAllByTestId("order-line");
    expect(line).toHaveTextContent("Camlin Geometry Box");
    expect(line).toHaveTextContent("Stationery · ₹250.00 · 10% off · Qty 3");
    // A book names its school and class: the same title of another school is another book.
    expect(screen.getAllByTestId("order-line")[1]).toHaveTextContent(
      "Book · Kendriya Vidyalaya Andheri · Class 8 · ₹200.00 · 0% off · Qty 1",
    );
    expect(within(line as HTMLElement).getByRole("img")).toHaveAttribute("src", "/default-book.svg");
    expect(screen.queryByRole("tab", { name: "Audit" })).not.toBeInTheDocument();
  });

  it("shows 'Deliver to' and the route's slots on the Delivery tab, and an Audit tab when given", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
    renderWithProviders(
      <OrderDetails
        orderId={order.id}
        statusControl={(o) => <p>status control for {o.shortId}</p>}
        deliveryControl={<p>delivery control</p>}
        audit={<p>audit history</p>}
      />,
      { user: aUser({ accType: 1 }) },
    );
    const user = userEvent.setup();
    await user.click(await screen.findByRole("tab", { name: "Delivery" }));
    const panel = screen.getByRole("tabpanel");
    expect(within(panel).getByText(`status control for ${order.shortId}`)).toBeInTheDocument();
    expect(within(panel).getByText("delivery control")).toBeInTheDocument();
    const table = within(panel).getByRole("table", { name: "Deliver to" });
    expect(table).toHaveTextContent("Asha Rao");
    expect(table).toHaveTextContent("asha@example.com");
    expect(table).toHaveTextContent("+91 98450 12345");
    expect(table).toHaveTextContent("12 MG Road, Bengaluru 560001");
    await user.click(screen.getByRole("tab", { name: "Audit" }));
    expect(within(screen.getByRole("tabpanel")).getByText("audit history")).toBeInTheDocument();
  });
});
