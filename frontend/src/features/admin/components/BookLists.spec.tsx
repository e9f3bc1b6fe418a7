import type { BookList } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1 });
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const list: BookList = {
  id: "b0b0b0b0-1111-4222-8333-444455556666",
  customer: { name: "Meera Iyer", email: "meera@example.com", contact: "+91 99000 11111" },
  shippingAddress: "4 Anna Salai, Chennai",
  imageUrl: "/media/bookList/list-20250601.jpg",
  uploadedAt: "2025-06-01T08:00:00.000Z",
  state: "open",
};
const maths = aProduct();
const science = aProduct({ id: "1f8e7a52-5c1d-4b0e-8d7a-3c2b1a0f9e8d", title: "Science Class 8" });

describe("admin book lists", () => {
  it("shows each list's image, name, e-mail, number and address, live as lists come in", async () => {
    const socket = installFakeSocket();
    mockApi({ "GET /api/booklists": { body: { items: [list] } } });
    renderApp("/admin/bookList", { user: admin });
    const card = (await screen.findAllByTestId("booklist-card"))[0] as HTMLElement;
    const c = within(card);
    expect(c.getByRole("img")).toHaveAttribute("src", list.imageUrl);
    for (const text of ["Meera Iyer", "meera@example.com", "+91 99000 11111", "4 Anna Salai, Chennai"])
      expect(c.getByText(text)).toBeInTheDocument();

    const second = {
      ...list,
      id: "c0c0c0c0-1111-4222-8333-444455556666",
      customer: { ...list.customer, name: "Arjun" },
    };
    await waitFor(() => expect(socket.listenerCount("booklist.uploaded")).toBe(1));
    await socket.serverEmit("booklist.uploaded", { position: "8", booklist: second });
    await waitFor(() => expect(screen.getAllByTestId("booklist-card")).toHaveLength(2));
    expect(screen.getAllByRole("heading", { level: 2 })[0]).toHaveTextContent("Arjun");

    await socket.serverEmit("booklist.updated", { position: "9", booklist: { ...list, state: "discarded" } });
    const updated = screen.getAllByTestId("booklist-card")[1] as HTMLElement;
    expect(await within(updated).findByText("Discarded")).toBeInTheDocument();
    expect(within(updated).getByRole("button", { name: "Create Order" })).toBeDisabled();
  });

  it("opens the photo full size and links an ordered list to its order (issue 18 item 11)", async () => {
    const ordered = { ...list, state: "ordered" as const, orderId: "5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f" };
    mockApi({ "GET /api/booklists": { body: { items: [ordered] } } });
    renderApp("/admin/bookList", { user: admin });
    const card = within((await screen.findAllByTestId("booklist-card"))[0] as HTMLElement);
    const photo = card.getByRole("link", { name: "Open the book list of Meera Iyer full size" });
    expect(photo).toHaveAttribute("href", list.imageUrl);
    expect(photo).toHaveAttribute("target", "_blank");
    expect(card.getByRole("link", { name: "View its order" })).toHaveAttribute(
      "href",
      `/admin/viewOrder/${ordered.orderId}`,
    );
  });

  it("creates an order for the customer from picked catalogue items", async () => {
    const api = mockApi({
      "GET /api/booklists": { body: { items: [list] } },
      "GET /api/search": { body: { schools: [], products: [maths, science] } },
      [`POST /api/booklists/${list.id}/orders`]: { status: 201, body: { orderId: "o1", position: "50" } },
    });
    renderApp("/admin/bookList", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Create Order" }));
    const dialog = await screen.findByRole("dialog", { name: "Create Order for Meera Iyer" });
    const d = within(dialog);
    expect(d.getByRole("button", { name: "Place Order" })).toBeDisabled();

    await user.type(d.getByLabelText("Search products"), "class 8");
    await user.click(await d.findByRole("button", { name: "Add Mathematics Class 8" }));
    await user.click(d.getByRole("button", { name: "Add Science Class 8" }));
    await user.click(d.getByRole("button", { name: "Increase Mathematics Class 8" }));
    await user.click(d.getByRole("button", { name: "Increase Mathematics Class 8" }));
    expect(d.getByLabelText("Quantity of Mathematics Class 8")).toHaveTextContent("3");
    await user.click(d.getByRole("button", { name: "Place Order" }));

    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/search").at(-1)?.url).toContain("q=class+8");
    expect(api.callsTo("POST", `/api/booklists/${list.id}/orders`)[0]?.body).toEqual({
      orderId: expect.stringMatching(UUID),
      items: [
        { productId: maths.id, quantity: 3 },
        { productId: science.id, quantity: 1 },
      ],
    });
  });

  it("discards a list only after confirmation", async () => {
    const api = mockApi({
      "GET /api/booklists": { body: { items: [list] } },
      [`DELETE /api/booklists/${list.id}`]: { body: { position: "51" } },
    });
    renderApp("/admin/bookList", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Delete?" });
    expect(api.callsTo("DELETE", `/api/booklists/${list.id}`)).toHaveLength(0);
    await user.click(within(dialog).getByRole("button", { name: "Yes" }));
    expect(await screen.findByText("Book list deleted")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/booklists/${list.id}`)).toHaveLength(1);
  });
});
