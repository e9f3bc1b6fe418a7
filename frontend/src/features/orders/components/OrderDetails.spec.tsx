import type { Order } from "@shop/contracts";
import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { anOrder, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";
import { orderKey } from "../api/get-order.ts";

const order = anOrder({ status: 1, position: "100" });
const path = `/order/${order.id}`;

describe("order page", () => {
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

  it("tells a user without permission so", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: problem(403, "You are not allowed to do that.") });
    renderApp(path, { user: aUser() });
    expect(await screen.findByText("You Don't have Admin Permissions")).toBeInTheDocument();
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});
