import type { School } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const school: School = {
  id: "58dd6465-0383-5b2a-9d3a-9289e0c5de98",
  name: "Delhi Public School Pune",
  imageUrl: "/media/schools/dps.png",
  location: "Mahammadwadi",
  area: "Hadapsar",
  district: "Pune",
  state: "Maharashtra",
  pincode: 411060,
  board: "CBSE",
  medium: "English",
};
const maths8 = aProduct({
  id: "0f8e7a52-5c1d-4b0e-8d7a-3c2b1a0f9e81",
  title: "Mathematics Class 8",
  class: 8,
  pricePaise: 30_000,
  discountPaise: 3_000,
});
const science8 = aProduct({
  id: "0f8e7a52-5c1d-4b0e-8d7a-3c2b1a0f9e82",
  title: "Science Class 8",
  class: 8,
  pricePaise: 20_000,
  discountPaise: 0,
  publisher: "Oxford",
  author: "Lakhmir Singh",
});
const english9 = aProduct({ id: "0f8e7a52-5c1d-4b0e-8d7a-3c2b1a0f9e83", title: "English Class 9", class: 9 });
const path = `/school/${school.id}`;

const schoolApi = (extra = {}) =>
  mockApi({
    [`GET /api/schools/${school.id}`]: { body: school },
    [`GET /api/schools/${school.id}/books`]: { body: { items: [maths8, science8, english9] } },
    ...extra,
  });

describe("school page", () => {
  it("shows the banner and the books table, filtered by class", async () => {
    schoolApi();
    renderApp(path);
    const heading = await screen.findByRole("heading", { name: "Delhi Public School Pune" });
    const banner = heading.closest("header") as HTMLElement;
    expect(banner).toHaveTextContent("Mahammadwadi, Hadapsar, Pune, Maharashtra – 411060");
    expect(banner).toHaveTextContent("Board: CBSE");
    expect(banner).toHaveTextContent("Medium: English");

    const table = await screen.findByRole("table", { name: "School books" });
    const headers = within(table)
      .getAllByRole("columnheader")
      .map((h) => h.textContent);
    expect(headers.slice(0, 5)).toEqual(["S.No.", "Name", "Publication", "Author", "Price"]);
    expect(within(table).getByRole("checkbox", { name: "Select all books" })).toBeInTheDocument();
    expect(within(table).getAllByTestId("school-book")).toHaveLength(3);
    expect(within(table).getByText("₹270.00")).toBeInTheDocument();

    const user = userEvent.setup();
    const classSelect = screen.getByRole("combobox", { name: "Class" });
    expect(
      within(classSelect)
        .getAllByRole("option")
        .map((o) => o.textContent),
    ).toContain("Class 12");
    await user.selectOptions(classSelect, "9");
    expect(within(table).getAllByTestId("school-book")).toHaveLength(1);
    await user.selectOptions(classSelect, "3");
    expect(await screen.findByText("No data")).toBeInTheDocument();
  });

  it("orders the selection with one quantity for all, as a school order", async () => {
    const api = schoolApi({
      "POST /api/orders": { status: 201, body: { orderId: "x", position: "40" } },
      "GET /api/orders": { body: { items: [] } },
    });
    const { router } = renderApp(path, { user: aUser() });
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Class" }), "8");
    await user.click(screen.getByRole("checkbox", { name: "Select all books" }));
    await user.click(screen.getByRole("button", { name: "Buy Now" }));

    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    expect(within(dialog).getByLabelText("Name")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Email")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Contact")).toHaveAttribute("readonly");
    expect(within(dialog).getByLabelText("Shipping Address")).not.toHaveAttribute("readonly");
    await user.click(within(dialog).getByRole("button", { name: "Increase quantity" }));
    expect(within(dialog).getByText("Total: ₹940.00")).toBeInTheDocument();
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));

    expect(await screen.findByText("Order Created!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders")[0]?.body).toMatchObject({
      items: [
        { productId: maths8.id, quantity: 2 },
        { productId: science8.id, quantity: 2 },
      ],
      shippingAddress: aUser().address,
      expectedPayablePaise: 94_000,
      source: "school",
    });
    await waitFor(() => expect(router.state.location.pathname).toBe("/orders"));
  });

  it("does nothing on Confirm when no book is selected", async () => {
    const api = schoolApi();
    renderApp(path, { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    expect(screen.getByRole("dialog")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/orders")).toHaveLength(0);
  });

  it("sends a logged-out visitor's Buy Now to /login", async () => {
    schoolApi();
    const { router } = renderApp(path);
    await userEvent.setup().click(await screen.findByRole("button", { name: "Buy Now" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
  });

  it("keeps the ticked books across the login detour, and forgets them once ordered", async () => {
    const api = schoolApi({
      "POST /api/orders": { status: 201, body: { orderId: "x", position: "40" } },
      "GET /api/orders": { body: { items: [] } },
    });
    const visit = renderApp(path);
    const user = userEvent.setup();
    await user.selectOptions(await screen.findByRole("combobox", { name: "Class" }), "8");
    await user.click(screen.getByRole("checkbox", { name: "Select all books" }));
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    await waitFor(() => expect(visit.router.state.location.pathname).toBe("/login"));
    visit.unmount();

    // Back from /login, signed in: the same class and the same books are ticked.
    const back = renderApp(path, { user: aUser() });
    const table = await screen.findByRole("table", { name: "School books" });
    expect(screen.getByRole("combobox", { name: "Class" })).toHaveValue("8");
    expect(within(table).getByRole("checkbox", { name: "Select all books" })).toBeChecked();
    await user.click(screen.getByRole("button", { name: "Buy Now" }));
    const dialog = await screen.findByRole("dialog", { name: "Confirm Order Details" });
    await user.click(within(dialog).getByRole("button", { name: "Confirm" }));
    await waitFor(() => expect(back.router.state.location.pathname).toBe("/orders"));
    expect(api.callsTo("POST", "/api/orders")[0]?.body).toMatchObject({
      items: [
        { productId: maths8.id, quantity: 1 },
        { productId: science8.id, quantity: 1 },
      ],
    });
    back.unmount();

    renderApp(path, { user: aUser() });
    const again = await screen.findByRole("table", { name: "School books" });
    expect(screen.getByRole("combobox", { name: "Class" })).toHaveValue("all");
    expect(
      within(again)
        .getAllByRole("checkbox")
        .filter((c) => (c as HTMLInputElement).checked),
    ).toEqual([]);
  });

  it("says 'No data' for a school without books and 'No school found!' for an unknown one", async () => {
    mockApi({
      [`GET /api/schools/${school.id}`]: { body: school },
      [`GET /api/schools/${school.id}/books`]: { body: { items: [] } },
    });
    renderApp(path);
    expect(await screen.findByText("No data")).toBeInTheDocument();
  });

  it("says 'No school found!' for an unknown school", async () => {
    mockApi({});
    renderApp("/school/nope");
    expect(await screen.findByText("No school found!")).toBeInTheDocument();
  });
});
