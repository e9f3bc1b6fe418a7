import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { useSession } from "../../stores/session.ts";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const emptyCart = { items: [], totals: { pricePaise: 0, discountPaise: 0, payablePaise: 0 } };

describe("profile page", () => {
  it("shows the user's name, address and contact, and 'No items in your cart.'", async () => {
    mockApi({ "GET /api/cart": { body: emptyCart } });
    renderApp("/profile", { user: aUser() });
    expect(await screen.findByRole("heading", { name: "Asha Rao" })).toBeInTheDocument();
    expect(screen.getByText("12 MG Road, Bengaluru 560001")).toBeInTheDocument();
    expect(screen.getByText("+91 98450 12345")).toBeInTheDocument();
    expect(await screen.findByText("No items in your cart.")).toBeInTheDocument();
  });

  it("lists 'Your Cart Items'", async () => {
    const atlas = aProduct({ id: "p1", title: "Atlas" });
    mockApi({
      "GET /api/cart": {
        body: {
          items: [{ productId: "p1", quantity: 2, product: atlas }],
          totals: { pricePaise: 1, discountPaise: 0, payablePaise: 1 },
        },
      },
    });
    renderApp("/profile", { user: aUser() });
    expect(await screen.findByRole("heading", { name: "Your Cart Items" })).toBeInTheDocument();
    expect(screen.getByText("Atlas")).toBeInTheDocument();
  });

  it("edits the profile with PATCH /api/profile and shows the new details", async () => {
    const updated = aUser({ name: "Asha R.", address: "5 Park Street, Kolkata" });
    const api = mockApi({
      "GET /api/cart": { body: emptyCart },
      "PATCH /api/profile": { body: { user: updated, position: "70" } },
    });
    renderApp("/profile", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Profile" });
    const name = within(dialog).getByLabelText("Name");
    await user.clear(name);
    await user.type(name, "Asha R.");
    const address = within(dialog).getByLabelText("Address");
    await user.clear(address);
    await user.type(address, "5 Park Street, Kolkata");
    await user.click(within(dialog).getByRole("button", { name: "Save" }));

    expect(await screen.findByText("Profile Updated!")).toBeInTheDocument();
    expect(api.callsTo("PATCH", "/api/profile")[0]?.body).toEqual({
      name: "Asha R.",
      contact: "+91 98450 12345",
      address: "5 Park Street, Kolkata",
    });
    expect(await screen.findByRole("heading", { name: "Asha R." })).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem("currentUser") ?? "{}")).toMatchObject({ name: "Asha R." });
  });

  it("refuses an emptied field with 'Please fill all the details!'", async () => {
    const api = mockApi({ "GET /api/cart": { body: emptyCart } });
    renderApp("/profile", { user: aUser() });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Profile" }));
    const dialog = await screen.findByRole("dialog", { name: "Edit Profile" });
    await user.clear(within(dialog).getByLabelText("Contact"));
    await user.click(within(dialog).getByRole("button", { name: "Save" }));
    expect(await screen.findByText("Please fill all the details!")).toBeInTheDocument();
    expect(api.callsTo("PATCH", "/api/profile")).toHaveLength(0);
  });

  it("logs out and goes home", async () => {
    mockApi({
      "GET /api/cart": { body: emptyCart },
      "POST /api/auth/logout": { status: 204 },
      "GET /api/promotions": { body: { items: [] } },
      "GET /api/schools": { body: { items: [] } },
      "GET /api/products": { body: { items: [] } },
    });
    const { router } = renderApp("/profile", { user: aUser() });
    await userEvent.setup().click(await screen.findByRole("button", { name: "Logout" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(useSession.getState().user).toBeNull();
  });
});
