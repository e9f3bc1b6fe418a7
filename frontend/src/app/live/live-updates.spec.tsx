import { act, render, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { useSession } from "../../stores/session.ts";
import { installFakeSocket } from "../../testing/fake-socket.ts";
import { mockApi } from "../../testing/fetch-mock.ts";
import { anOrder, anOrderSummary, aUser } from "../../testing/fixtures.ts";
import { App } from "../providers.tsx";

const staff = aUser({ accType: 2 });
const listed = anOrderSummary();

/**
 * The whole app as main.tsx mounts it, on the delivery page. The list endpoint answers what the
 * read side held when it was read: a refetch that crosses a pushed change (a query-api a moment
 * behind, or a second event overtaking the refetch) brings the old status back.
 */
const openDeliveryPage = async () => {
  const socket = installFakeSocket();
  const api = mockApi({
    "GET /api/auth/me": { body: { user: staff } },
    "GET /api/orders": { body: { items: [listed] } },
  });
  useSession.getState().setUser(staff);
  window.history.pushState({}, "", "/delivery");
  render(<App />);
  await screen.findByTestId("staff-order-row");
  await waitFor(() => expect(socket.listenerCount("order.updated")).toBeGreaterThan(0));
  return { socket, api };
};

const row = () => within(screen.getAllByTestId("staff-order-row")[0] as HTMLElement);
const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 50)));

afterEach(() => {
  window.history.pushState({}, "", "/");
});

describe("live events in the whole app", () => {
  it("applies order.updated to the delivery list once: the pushed status stays and the list is not fetched again", async () => {
    const { socket, api } = await openDeliveryPage();
    expect(row().getByText("Pending")).toBeInTheDocument();

    await socket.serverEmit("order.updated", {
      position: "201",
      order: anOrder({ ...listed, status: 3, position: "201" }),
    });
    await settle();

    expect(row().getByText("Delivered")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/orders")).toHaveLength(1);
  });

  it("adds an order.placed to the delivery list once, with one notice, without fetching the list again", async () => {
    const { socket, api } = await openDeliveryPage();
    const placed = anOrderSummary({
      id: "9a8b7c6d-1234-4abc-8def-00000000abcd",
      shortId: "0000abcd",
      customer: { name: "Vikram Singh", email: "vikram@example.com", contact: "+91 90000 22222" },
    });

    await socket.serverEmit("order.placed", { position: "200", order: placed });
    await settle();

    expect(screen.getAllByTestId("staff-order-row")).toHaveLength(2);
    expect(screen.getAllByText("New order #0000abcd from Vikram Singh")).toHaveLength(1);
    expect(api.callsTo("GET", "/api/orders")).toHaveLength(1);
  });
});
