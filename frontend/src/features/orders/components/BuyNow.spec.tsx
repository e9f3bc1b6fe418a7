import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, type MockReply, mockApi, problem } from "../../../testing/fetch-mock.ts";
import { anOrderSummary, aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const product = aProduct({ pricePaise: 50_000, discountPaise: 5_000 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

const openDialog = async () => {
  const user = userEvent.setup();
  await user.click(await screen.findByRole("button", { name: "Buy Now" }));
  const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
  return { user, dialog };
};

describe("Buy Now", () => {
  it("posts the order, keeps Confirm disabled while pending, then goes to /orders", async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({
      [`GET /api/products/${product.id}`]: { body: product },
      "POST /api/orders": () => reply.promise,
      "GET /api/orders": { body: { items: [anOrderSummary()] } },
    });
    const { router } = renderApp(`/product/${product.id}`, { user: aUser() });
    const { user, dialog } = await openDialog();

    expect(within(dialog).getByLabelText("Name")).toHaveValue("Asha Rao");
    expect(within(dialog).getByLabelText("Email")).toHaveAttribute("readonly");
    const address = within(dialog).getByLabelText("Shipping Address");
    expect(address).toHaveValue("12 MG Road, Bengaluru 560001");
    await user.clear(address);
    await user.type(address, "5 Park Street, Kolkata");
    await user.click(within(dialog).getByRole("button", { name: "Increase quantity" }));
    expect(within(dialog).getByLabelText("Quantity")).toHaveTextContent("2");

    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    await user.click(confirm);

    await waitFor(() => expect(confirm).toBeDisabled());
    const [post] = api.callsTo("POST", "/api/orders");
    expect(post?.body).toEqual({
      orderId: expect.stringMatching(UUID),
      items: [{ productId: product.id, quantity: 2 }],
      shippingAddress: "5 Park Street, Kolkata",
      expectedPayablePaise: 90_000,
    });

    reply.resolve({ status: 201, body: { orderId: "x", position: "18446" } });

    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    expect(await screen.findAllByTestId("order-row")).toHaveLength(1);
    expect(router.state.location.pathname).toBe("/orders");
    // Read-your-writes: the list is asked for at least the order's position.
    expect(api.callsTo("GET", "/api/orders").at(-1)?.headers.get("X-Min-Position")).toBe("18446");
  });

  it("shows the dialog's total as text, not as a heading (the heading order)", async () => {
    mockApi({ [`GET /api/products/${product.id}`]: { body: product } });
    renderApp(`/product/${product.id}`, { user: aUser() });
    const { dialog } = await openDialog();
    const total = within(dialog).getByText(/^Total:/);
    expect(total.tagName).toBe("P");
    expect(
      within(dialog)
        .queryAllByRole("heading")
        .map((h) => h.textContent),
    ).toEqual(["Confirm Order Details"]);
  });

  it("shows the server's 'Prices changed' and stays on the dialog", async () => {
    mockApi({
      [`GET /api/products/${product.id}`]: { body: product },
      "POST /api/orders": problem(409, "Prices changed", { payablePaise: 47_000 }),
    });
    renderApp(`/product/${product.id}`, { user: aUser() });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Prices changed")).toBeInTheDocument();
    expect(screen.getByRole("dialog")).toBeInTheDocument();
  });

  it("toasts 'Failed to Create Order!' on other failures", async () => {
    mockApi({
      [`GET /api/products/${product.id}`]: { body: product },
      "POST /api/orders": problem(400, "Invalid input"),
    });
    renderApp(`/product/${product.id}`, { user: aUser() });
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Failed to Create Order!")).toBeInTheDocument();
  });

  it("asks for the shipping address before posting", async () => {
    const api = mockApi({ [`GET /api/products/${product.id}`]: { body: product } });
    renderApp(`/product/${product.id}`, { user: aUser() });
    const { user, dialog } = await openDialog();
    await user.clear(within(dialog).getByLabelText("Shipping Address"));
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await within(dialog).findByText("Please fill all the details!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders")).toHaveLength(0);
  });

  it("sends a logged-out visitor to /login", async () => {
    mockApi({ [`GET /api/products/${product.id}`]: { body: product } });
    const { router } = renderApp(`/product/${product.id}`);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Buy Now" }));
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(router.state.location.state).toEqual({ from: `/product/${product.id}` });
  });
});
