import type { Promotion } from "@shop/contracts";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";
import { mockUpload, pngFile } from "../../../testing/uploads.ts";

const admin = aUser({ accType: 1 });
const promo: Promotion = {
  id: "a1b2c3d4-0000-4000-8000-000000000001",
  title: "Back to School Sale",
  description: "10% off all class 8 books",
  imageUrl: "/media/promotions/sale.png",
  active: true,
};

describe("admin promotions", () => {
  it("says 'No Promotions Here' when there are none, asking for all of them", async () => {
    const api = mockApi({ "GET /api/promotions": { body: { items: [] } } });
    renderApp("/admin/promotions", { user: admin });
    expect(await screen.findByText("No Promotions Here")).toBeInTheDocument();
    expect(api.callsTo("GET", "/api/promotions")[0]?.url).toContain("all=true");
  });

  it("says 'Unable to fetch Data!!' when the list fails", async () => {
    mockApi({ "GET /api/promotions": problem(500, "boom") });
    renderApp("/admin/promotions", { user: admin });
    expect(await screen.findByText("Unable to fetch Data!!")).toBeInTheDocument();
  });

  it("switches a promotion off with PUT /active and shows the answer's promotion", async () => {
    const api = mockApi({
      "GET /api/promotions": { body: { items: [promo] } },
      [`PUT /api/promotions/${promo.id}/active`]: {
        body: { promotion: { ...promo, active: false }, position: "40" },
      },
    });
    renderApp("/admin/promotions", { user: admin });
    const card = (await screen.findAllByTestId("promotion-card"))[0] as HTMLElement;
    expect(within(card).getByText("Active", { selector: ".MuiChip-label" })).toBeInTheDocument();
    expect(within(card).getByRole("img", { name: promo.title })).toHaveAttribute("src", promo.imageUrl);
    await userEvent.setup().click(within(card).getByRole("switch", { name: "Active" }));

    expect(await within(card).findByText("Inactive")).toBeInTheDocument();
    expect(within(card).getByRole("switch", { name: "Active" })).not.toBeChecked();
    expect(api.callsTo("PUT", `/api/promotions/${promo.id}/active`)[0]?.body).toEqual({ active: false });
  });

  it("closes the Add Promotion dialog by its Cancel button without saving", async () => {
    const api = mockApi({ "GET /api/promotions": { body: { items: [promo] } } });
    renderApp("/admin/promotions", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Promotion +" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Promotion" });
    await user.type(within(dialog).getByLabelText("Title"), "Diwali Offer");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
    expect(screen.getByText("Back to School Sale")).toBeInTheDocument();
  });

  it("needs title, description and image to add; 'Please fill all the Details!' otherwise", async () => {
    const api = mockApi({
      "GET /api/promotions": { body: { items: [] } },
      "POST /api/promotions": { status: 201, body: { id: "p2", position: "41" } },
    });
    mockUpload("/media/promotions/diwali-20251020.png");
    renderApp("/admin/promotions", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Promotion +" }));
    const form = await screen.findByRole("form", { name: "Promotion" });
    const f = within(form);
    await user.type(f.getByLabelText("Title"), "Diwali Offer");
    await user.type(f.getByLabelText("Description"), "Stationery at 20% off");
    await user.click(f.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Please fill all the Details!")).toBeInTheDocument();

    await user.upload(f.getByLabelText("Image"), pngFile("diwali.png"));
    await user.click(f.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Promotion Updated successfully")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/promotions")[0]?.body).toEqual({
      title: "Diwali Offer",
      description: "Stationery at 20% off",
      imageUrl: "/media/promotions/diwali-20251020.png",
    });
  });

  it("updates without a new image, and says 'Some error occured!' when that fails", async () => {
    let status = 200;
    const api = mockApi({
      "GET /api/promotions": { body: { items: [promo] } },
      [`PUT /api/promotions/${promo.id}`]: () =>
        status === 200 ? { body: { position: "42" } } : problem(400, "Invalid input"),
    });
    renderApp("/admin/promotions", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    const form = await screen.findByRole("form", { name: "Promotion" });
    const title = within(form).getByLabelText("Title");
    expect(title).toHaveValue(promo.title);
    await user.clear(title);
    await user.type(title, "Mega Sale");
    await user.click(within(form).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Promotion Updated successfully")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/promotions/${promo.id}`)[0]?.body).toEqual({
      title: "Mega Sale",
      description: promo.description,
    });

    status = 400;
    await user.click(await screen.findByRole("button", { name: "Edit" }));
    await user.click(
      within(await screen.findByRole("form", { name: "Promotion" })).getByRole("button", { name: "Update" }),
    );
    expect(await screen.findByText("Some error occured!")).toBeInTheDocument();
  });

  it("deletes after confirmation and says 'Promotion Updated!!'", async () => {
    const api = mockApi({
      "GET /api/promotions": { body: { items: [promo] } },
      [`DELETE /api/promotions/${promo.id}`]: { body: { position: "43" } },
    });
    renderApp("/admin/promotions", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Delete" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Confirm Delete?" })).getByRole("button", {
        name: "Yes",
      }),
    );
    expect(await screen.findByText("Promotion Updated!!")).toBeInTheDocument();
    expect(api.callsTo("DELETE", `/api/promotions/${promo.id}`)).toHaveLength(1);
  });
});
