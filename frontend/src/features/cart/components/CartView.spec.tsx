import type { Cart } from "@shop/contracts";
import { onlineManager } from "@tanstack/react-query";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { deferred, type MockReply, mockApi, problem } from "../../../testing/fetch-mock.ts";
import { anOrderSummary, aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const atlas = aProduct({ id: "p1", title: "Atlas", pricePaise: 50_000, discountPaise: 5_000 });
const pens = aProduct({ id: "p2", kind: "stationery", title: "Pens", pricePaise: 10_000, discountPaise: 0 });

const cartOf = (lines: [typeof atlas, number][]): Cart => {
  const items = lines.map(([product, quantity]) => ({ productId: product.id, quantity, product }));
  const price = lines.reduce((s, [p, q]) => s + p.pricePaise * q, 0);
  const discount = lines.reduce((s, [p, q]) => s + p.discountPaise * q, 0);
  return { items, totals: { pricePaise: price, discountPaise: discount, payablePaise: price - discount } };
};

describe("cart page", () => {
  it("says 'No Items Here' for an empty cart", async () => {
    mockApi({ "GET /api/cart": { body: cartOf([]) } });
    renderApp("/cart", { user: aUser() });
    expect(await screen.findByText("No Items Here")).toBeInTheDocument();
  });

  it("says 'No Products Found' when the cart cannot be read", async () => {
    mockApi({});
    renderApp("/cart", { user: aUser() });
    expect(await screen.findByText("No Products Found")).toBeInTheDocument();
  });

  it("lists the lines with the Cart Summary and changes quantities by command", async () => {
    let cart = cartOf([
      [atlas, 1],
      [pens, 2],
    ]);
    const api = mockApi({
      "GET /api/cart": () => ({ body: cart }),
      "PATCH /api/cart/items/p1": () => {
        cart = cartOf([
          [atlas, 2],
          [pens, 2],
        ]);
        return { body: { position: "31" } };
      },
      "DELETE /api/cart/items/p2": () => {
        cart = cartOf([[atlas, 2]]);
        return { body: { position: "32" } };
      },
    });
    renderApp("/cart", { user: aUser() });
    const lines = await screen.findAllByTestId("cart-line");
    expect(lines).toHaveLength(2);
    expect(screen.getByRole("heading", { name: "Cart Summary" })).toBeInTheDocument();
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹650.00");

    const user = userEvent.setup();
    await user.click(screen.getByRole("button", { name: "Increase quantity of Atlas" }));
    expect(api.callsTo("PATCH", "/api/cart/items/p1")[0]?.body).toEqual({ quantity: 2 });
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent("₹1,100.00"));
    expect(api.callsTo("GET", "/api/cart").at(-1)?.headers.get("X-Min-Position")).toBe("31");
    expect(screen.getByRole("button", { name: "Decrease quantity of Pens" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Decrease quantity of Atlas" })).toBeEnabled();

    await user.click(screen.getByRole("button", { name: "Remove Pens" }));
    expect(await screen.findByText("Product Removed")).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByTestId("cart-line")).toHaveLength(1));
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹900.00");
  });

  it("holds a line's buttons while its command is pending, keeping the keyboard's focus on them", async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({
      "GET /api/cart": { body: cartOf([[atlas, 1]]) },
      "PATCH /api/cart/items/p1": () => reply.promise,
    });
    renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    const increase = await screen.findByRole("button", { name: "Increase quantity of Atlas" });
    // At the least quantity, Decrease says so, and does nothing.
    const decrease = screen.getByRole("button", { name: "Decrease quantity of Atlas" });
    expect(decrease).toHaveAttribute("aria-disabled", "true");
    await user.click(decrease);
    expect(api.callsTo("PATCH", "/api/cart/items/p1")).toHaveLength(0);
    increase.focus();
    await user.keyboard("{Enter}");
    const remove = screen.getByRole("button", { name: "Remove Atlas" });
    await waitFor(() => expect(remove).toHaveAttribute("aria-disabled", "true"));
    expect(increase).toHaveAttribute("aria-disabled", "true");
    // Held, not disabled: the focus stays where the customer was (a disabled button drops it).
    expect(document.activeElement).toBe(increase);
    await user.keyboard("{Enter}");
    await user.click(remove);
    expect(api.callsTo("PATCH", "/api/cart/items/p1")).toHaveLength(1);
    reply.resolve({ body: { position: "3" } });
    await waitFor(() => expect(remove).not.toHaveAttribute("aria-disabled", "true"));
  });

  it("toasts 'Product Removed' even when cart.updated removed the line before the answer", async () => {
    const socket = installFakeSocket();
    const reply = deferred<MockReply>();
    mockApi({
      "GET /api/cart": {
        body: cartOf([
          [atlas, 1],
          [pens, 1],
        ]),
      },
      "DELETE /api/cart/items/p2": () => reply.promise,
    });
    renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Remove Pens" }));
    await waitFor(() => expect(socket.listenerCount("cart.updated")).toBe(1));

    // The live event overtakes the command's answer (as over a real socket): the line unmounts first.
    await socket.serverEmit("cart.updated", { position: "40", cart: cartOf([[atlas, 1]]) });
    await waitFor(() => expect(screen.getAllByTestId("cart-line")).toHaveLength(1));
    reply.resolve({ body: { position: "40" } });

    expect(await screen.findByText("Product Removed")).toBeInTheDocument();
  });

  it("follows cart.updated live", async () => {
    const socket = installFakeSocket();
    mockApi({ "GET /api/cart": { body: cartOf([[atlas, 1]]) } });
    renderApp("/cart", { user: aUser() });
    expect(await screen.findAllByTestId("cart-line")).toHaveLength(1);
    await waitFor(() => expect(socket.listenerCount("cart.updated")).toBe(1));

    await socket.serverEmit("cart.updated", {
      position: "50",
      cart: cartOf([
        [atlas, 1],
        [pens, 3],
      ]),
    });
    await waitFor(() => expect(screen.getAllByTestId("cart-line")).toHaveLength(2));
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹750.00");

    // An older event arriving late changes nothing.
    await socket.serverEmit("cart.updated", { position: "49", cart: cartOf([]) });
    expect(screen.getAllByTestId("cart-line")).toHaveLength(2);
  });

  it("checks out through 'Confirm Order Details', toasts 'Order Created!' and shows the orders", async () => {
    const reply = deferred<MockReply>();
    const api = mockApi({
      "GET /api/cart": { body: cartOf([[atlas, 2]]) },
      "POST /api/cart/checkout": () => reply.promise,
      "GET /api/orders": { body: { items: [anOrderSummary()] } },
    });
    const { router } = renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    expect(within(dialog).getByLabelText("Name")).toHaveValue("Asha Rao");
    expect(within(dialog).getByLabelText("Contact")).toHaveAttribute("readonly");
    const confirm = within(dialog).getByRole("button", { name: "Confirm" });
    await user.click(confirm);
    await waitFor(() => expect(confirm).toBeDisabled());
    expect(api.callsTo("POST", "/api/cart/checkout")[0]?.body).toEqual({
      orderId: expect.stringMatching(/^[0-9a-f-]{36}$/),
      shippingAddress: aUser().address,
      expectedPayablePaise: 90_000,
    });
    reply.resolve({ status: 201, body: { orderId: "o1", position: "60" } });
    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
    expect(await screen.findAllByTestId("order-row")).toHaveLength(1);
  });

  it("still toasts 'Order Created!' and shows the orders when the emptied cart closes the dialog first", async () => {
    const socket = installFakeSocket();
    const reply = deferred<MockReply>();
    mockApi({
      "GET /api/cart": { body: cartOf([[atlas, 2]]) },
      "POST /api/cart/checkout": () => reply.promise,
      "GET /api/orders": { body: { items: [anOrderSummary()] } },
    });
    const { router } = renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(socket.listenerCount("cart.updated")).toBe(1));

    // The live event of the emptied cart overtakes the command's answer: the dialog unmounts first,
    // and the page says the order is on its way, never 'No Items Here' (a customer on a slow
    // connection took the cart for lost).
    await socket.serverEmit("cart.updated", { position: "60", cart: cartOf([]) });
    expect((await screen.findByText("Placing your order…")).closest('[role="status"]')).not.toBeNull();
    expect(screen.queryByText("No Items Here")).not.toBeInTheDocument();
    reply.resolve({ status: 201, body: { orderId: "o1", position: "60" } });

    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
  });

  it("says 'Failed to Create Order!' at once when offline, and lets the customer try again or cancel", async () => {
    mockApi({
      "GET /api/cart": { body: cartOf([[atlas, 2]]) },
      "POST /api/cart/checkout": () => {
        throw new TypeError("Failed to fetch");
      },
    });
    renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    onlineManager.setOnline(false);
    try {
      await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
      expect(await screen.findByText("Failed to Create Order!")).toBeInTheDocument();
      expect(within(dialog).getByRole("button", { name: "Confirm" })).toBeEnabled();
      expect(within(dialog).getByRole("button", { name: "Cancel" })).toBeEnabled();
    } finally {
      onlineManager.setOnline(true);
    }
  });

  it("follows an admin's new price live: names the book, old → new, on the line; Confirm sends the new total", async () => {
    const socket = installFakeSocket();
    let cart: Cart = cartOf([[atlas, 2]]);
    const api = mockApi({
      "GET /api/cart": () => ({ body: cart }),
      "POST /api/cart/checkout": { status: 201, body: { orderId: "o1", position: "70" } },
      "GET /api/orders": { body: { items: [anOrderSummary()] } },
    });
    renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    await waitFor(() => expect(socket.listenerCount("cart.productChanged")).toBe(1));

    const repriced = { ...atlas, pricePaise: 60_000 };
    const change = {
      productId: "p1",
      before: { title: "Atlas", payablePaise: 45_000 },
      after: { title: "Atlas", payablePaise: 55_000 },
    };
    cart = { ...cartOf([[repriced, 2]]), changes: [change] };
    await socket.serverEmit("cart.productChanged", { position: "65", cart, change });
    const text = "The price of “Atlas” changed from ₹450.00 to ₹550.00.";
    await waitFor(() => expect(screen.getByTestId("cart-line-change")).toHaveTextContent(text));
    // Said once as a toast too (the line's notice is the other).
    expect(screen.getAllByText(text)).toHaveLength(2);
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹1,100.00");

    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/cart/checkout")[0]?.body).toMatchObject({
      expectedPayablePaise: 110_000,
    });
  });

  it("on 'Prices changed' keeps the dialog, shows the cart as it is now, and the next Confirm orders", async () => {
    let cart = cartOf([[atlas, 1]]);
    let answer: MockReply = problem(409, "Prices changed", { payablePaise: 65_000 });
    const api = mockApi({
      "GET /api/cart": () => ({ body: cart }),
      "POST /api/cart/checkout": () => {
        const now = answer;
        answer = { status: 201, body: { orderId: "o1", position: "80" } };
        return now;
      },
      "GET /api/orders": { body: { items: [anOrderSummary()] } },
    });
    renderApp("/cart", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    cart = cartOf([[{ ...atlas, pricePaise: 70_000 }, 1]]);
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Prices changed")).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId("cart-total")).toHaveTextContent("₹650.00"));
    expect(dialog).toBeInTheDocument();

    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    expect(
      api
        .callsTo("POST", "/api/cart/checkout")
        .map((c) => (c.body as { expectedPayablePaise: number }).expectedPayablePaise),
    ).toEqual([45_000, 65_000]);
  });

  it("sends a visitor to /login", async () => {
    const { router } = renderApp("/cart");
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("says why when a quantity change or a removal is refused, and keeps the line as the server has it", async () => {
    const tooMany = {
      ...problem(429, "Too many requests, try again later"),
      headers: { "content-type": "application/problem+json", "retry-after": "600" },
    };
    mockApi({
      "GET /api/cart": { body: cartOf([[atlas, 1]]) },
      "PATCH /api/cart/items/p1": tooMany,
      "DELETE /api/cart/items/p1": tooMany,
    });
    renderApp("/cart", { user: aUser() });
    await screen.findAllByTestId("cart-line");
    const user = userEvent.setup();
    const said = "Too many requests, try again later. Please try again in 10 minutes.";
    await user.click(screen.getByRole("button", { name: "Increase quantity of Atlas" }));
    expect(await screen.findByText(said)).toBeInTheDocument();
    await user.click(screen.getByRole("button", { name: "Remove Atlas" }));
    await waitFor(() => expect(screen.getAllByText(said).length).toBeGreaterThanOrEqual(1));
    expect(screen.getAllByTestId("cart-line")).toHaveLength(1);
    expect(screen.getByTestId("cart-total")).toHaveTextContent("₹450.00");
  });
});
