import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { deferred, type MockReply, mockApi, problem } from "../../../testing/fetch-mock.ts";
import { anOrder, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1, name: "Shop Admin" });
const order = anOrder({ status: 1, position: "100" });
const path = `/admin/viewOrder/${order.id}`;
const actor = (name: string, accType: number) => ({
  schemaVersion: 1,
  correlationId: "c",
  causationId: "c",
  actor: { kind: "user", userId: "u", name, accType },
});

const openTab = async (name: string) => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("tab", { name }));
  return user;
};

describe("admin order view: status", () => {
  it("changes the order only after the server's 200", async () => {
    const reply = deferred<MockReply>();
    let current = order;
    const api = mockApi({
      [`GET /api/orders/${order.id}`]: () => ({ body: current }),
      [`PUT /api/orders/${order.id}/status`]: () => reply.promise,
    });
    renderApp(path, { user: admin });
    const user = await openTab("Delivery");
    await user.selectOptions(await screen.findByLabelText("Order status"), "Processing");
    await user.click(screen.getByRole("button", { name: "Save" }));

    // Held, not disabled, while the change is on its way: the keyboard's focus stays on it.
    await waitFor(() =>
      expect(screen.getByRole("button", { name: "Save" })).toHaveAttribute("aria-disabled", "true"),
    );
    expect(screen.getByTestId("order-status")).toHaveTextContent("Pending");
    expect(api.callsTo("PUT", `/api/orders/${order.id}/status`)[0]?.body).toEqual({ status: 2 });

    current = { ...order, status: 2, position: "101" };
    reply.resolve({ body: { position: "101" } });
    expect(await screen.findByText("Order Updated!")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Processing"));
    expect(api.callsTo("GET", `/api/orders/${order.id}`).at(-1)?.headers.get("X-Min-Position")).toBe("101");
  });

  it("says 'Cannot update order!' and keeps the order as it was when the server refuses", async () => {
    mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`PUT /api/orders/${order.id}/status`]: problem(403, "You Don't have Admin Permissions"),
    });
    renderApp(path, { user: admin });
    const user = await openTab("Delivery");
    await user.selectOptions(await screen.findByLabelText("Order status"), "Delivered");
    await user.click(screen.getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Cannot update order!")).toBeInTheDocument();
    expect(screen.getByTestId("order-status")).toHaveTextContent("Pending");
  });

  it("shows the Deliver-to table", async () => {
    mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
    renderApp(path, { user: admin });
    await openTab("Delivery");
    const table = await screen.findByRole("table", { name: "Deliver to" });
    for (const text of ["Asha Rao", "asha@example.com", "+91 98450 12345", order.shippingAddress])
      expect(within(table).getByText(text)).toBeInTheDocument();
  });
});

describe("admin order view: delivery OTP", () => {
  it("sends the OTP, limits the input to 6 characters and shows the server's error", async () => {
    const api = mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`POST /api/orders/${order.id}/delivery-otp`]: {
        status: 202,
        body: { sentTo: "a***@example.com", expiresAt: "2025-06-01T10:10:00.000Z", position: "102" },
      },
      [`POST /api/orders/${order.id}/delivery-confirmation`]: problem(422, "Invalid or expired OTP"),
    });
    renderApp(path, { user: admin });
    const user = await openTab("Delivery");
    await user.click(await screen.findByRole("button", { name: "Send OTP" }));
    expect(await screen.findByText("OTP sent to a***@example.com")).toBeInTheDocument();

    const input = screen.getByLabelText("OTP");
    expect(input).toHaveAttribute("maxlength", "6");
    await user.type(input, "12345678");
    expect(input).toHaveValue("123456");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    expect(await screen.findByText("Invalid or expired OTP")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${order.id}/delivery-confirmation`)[0]?.body).toEqual({
      otp: "123456",
    });
  });

  it("checks the OTP's form before asking the server", async () => {
    const api = mockApi({ [`GET /api/orders/${order.id}`]: { body: order } });
    renderApp(path, { user: admin });
    const user = await openTab("Delivery");
    await user.type(await screen.findByLabelText("OTP"), "12a");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    expect(await screen.findByText("The OTP has 6 digits")).toBeInTheDocument();
    expect(api.callsTo("POST", `/api/orders/${order.id}/delivery-confirmation`)).toHaveLength(0);
  });

  it("shows the order Delivered once the right OTP is accepted", async () => {
    let current = order;
    mockApi({
      [`GET /api/orders/${order.id}`]: () => ({ body: current }),
      [`POST /api/orders/${order.id}/delivery-confirmation`]: () => {
        current = { ...order, status: 3, position: "103" };
        return { body: { position: "103" } };
      },
    });
    renderApp(path, { user: admin });
    const user = await openTab("Delivery");
    await user.type(await screen.findByLabelText("OTP"), "654321");
    await user.click(screen.getByRole("button", { name: "Submit" }));
    await waitFor(() => expect(screen.getByTestId("order-status")).toHaveTextContent("Delivered"));
  });
});

describe("order view for delivery staff", () => {
  it("toasts 'Order Updated!' even when the Delivered order removes the OTP block before the answer", async () => {
    const socket = installFakeSocket();
    const reply = deferred<MockReply>();
    mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`POST /api/orders/${order.id}/delivery-confirmation`]: () => reply.promise,
    });
    renderApp(`/order/${order.id}`, { user: aUser({ accType: 2, name: "Ravi Delivery" }) });
    const user = await openTab("Delivery");
    await user.type(await screen.findByLabelText("OTP"), "654321");
    await user.click(screen.getByRole("button", { name: "Submit" }));

    // The live Delivered order overtakes the answer: staff may not complete it again, the block goes.
    await socket.serverEmit("order.updated", {
      position: "103",
      order: { ...order, status: 3, position: "103" },
    });
    await waitFor(() =>
      expect(screen.queryByRole("region", { name: "Complete Delivery" })).not.toBeInTheDocument(),
    );
    reply.resolve({ body: { position: "103" } });

    expect(await screen.findByText("Order Updated!")).toBeInTheDocument();
  });
});

describe("admin order view: audit history", () => {
  it("renders the order's events as a readable timeline", async () => {
    const api = mockApi({
      [`GET /api/orders/${order.id}`]: { body: order },
      [`GET /api/orders/${order.id}/events`]: {
        body: {
          items: [
            {
              type: "OrderPlaced",
              revision: 0,
              position: "78",
              at: "2025-06-01T10:00:00.000Z",
              data: {
                items: [{ title: "Maths" }, { title: "Science" }],
                totals: { payablePaise: 24_300 },
                shippingAddress: "1 Road",
              },
              metadata: actor("Asha Rao", 3),
            },
            {
              type: "OrderStatusChanged",
              revision: 1,
              position: "79",
              at: "2025-06-01T12:15:00.000Z",
              data: { from: 1, to: 2 },
              metadata: actor("Shop Admin", 1),
            },
            {
              type: "DeliveryOtpSent",
              revision: 2,
              position: "80",
              at: "2025-06-02T04:00:00.000Z",
              data: { sentTo: "a***@example.com" },
              metadata: actor("Ravi Rider", 2),
            },
            {
              type: "OrderDelivered",
              revision: 3,
              position: "81",
              at: "2025-06-02T04:05:00.000Z",
              data: { from: 2 },
              metadata: actor("Ravi Rider", 2),
            },
          ],
        },
      },
    });
    renderApp(path, { user: admin });
    await openTab("Audit");
    expect(await screen.findByRole("heading", { name: "Audit history" })).toBeInTheDocument();

    const entries = await screen.findAllByTestId("audit-entry");
    expect(entries.map((e) => e.textContent)).toEqual([
      "Order placed2 items · ₹243.00 · to 1 Roadby Asha Rao Customer · 01 June 2025 at 03:30 pm IST",
      "Status changedPending → Processingby Shop Admin Admin · 01 June 2025 at 05:45 pm IST",
      "Delivery OTP sentOTP sent to a***@example.comby Ravi Rider Delivery · 02 June 2025 at 09:30 am IST",
      "Order deliveredProcessing → Deliveredby Ravi Rider Delivery · 02 June 2025 at 09:35 am IST",
    ]);
    expect(api.callsTo("GET", `/api/orders/${order.id}/events`)).toHaveLength(1);
  });
});
