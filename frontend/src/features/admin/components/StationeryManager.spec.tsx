import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aProduct, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";
import { mockUpload, pngFile } from "../../../testing/uploads.ts";

const admin = aUser({ accType: 1 });
const pen = aProduct({
  id: "e197446c-ab64-40f1-b2ad-c4a7db5e6ed0",
  kind: "stationery",
  title: "Gel Pen",
  class: undefined,
  imageUrl: "/media/stationeries/pen.png",
});
const list =
  (stationery: unknown[], notebooks: unknown[] = []) =>
  ({ url }: { url: string }) => ({
    body: {
      items: new URL(url, "http://x").searchParams.get("kind") === "notebook" ? notebooks : stationery,
    },
  });

describe("admin stationery", () => {
  it("says 'Sorry no stationeries here.' when there are none", async () => {
    mockApi({ "GET /api/products": list([]) });
    renderApp("/admin/stationeries", { user: admin });
    expect(await screen.findByText("Sorry no stationeries here.")).toBeInTheDocument();
  });

  it("closes the Add Stationary dialog by its Cancel button without saving", async () => {
    const api = mockApi({ "GET /api/products": list([pen]) });
    renderApp("/admin/stationeries", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Stationary +" }));
    const dialog = await screen.findByRole("dialog", { name: "Add Stationary" });
    await user.type(within(dialog).getByLabelText("Title"), "Half-typed");
    await user.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).not.toBeInTheDocument());
    expect(api.calls.filter((c) => c.method !== "GET")).toEqual([]);
    await user.click(screen.getByRole("button", { name: "Add Stationary +" }));
    const form = await screen.findByRole("form", { name: "Add Stationary" });
    expect(within(form).getByLabelText("Title")).toHaveValue("");
  });

  it("adds a stationery item; the form starts empty again after closing", async () => {
    const api = mockApi({
      "GET /api/products": list([pen]),
      "POST /api/products": { status: 201, body: { id: "n1", position: "3" } },
    });
    mockUpload("/media/stationeries/ruler-20250601.png");
    renderApp("/admin/stationeries", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Add Stationary +" }));
    let form = await screen.findByRole("form", { name: "Add Stationary" });
    await user.type(within(form).getByLabelText("Title"), "Half-typed");
    await user.keyboard("{Escape}");
    await waitFor(() =>
      expect(screen.queryByRole("form", { name: "Add Stationary" })).not.toBeInTheDocument(),
    );

    await user.click(screen.getByRole("button", { name: "Add Stationary +" }));
    form = await screen.findByRole("form", { name: "Add Stationary" });
    const f = within(form);
    expect(f.getByLabelText("Title")).toHaveValue("");
    await user.type(f.getByLabelText("Title"), "Steel Ruler");
    await user.click(f.getByRole("button", { name: "Add" }));
    expect(await screen.findByText("Missing Some Data")).toBeInTheDocument();

    await user.type(f.getByLabelText("Author"), "Camlin");
    await user.type(f.getByLabelText("Publication"), "Kokuyo Camlin");
    await user.type(f.getByLabelText("Publication Date"), "2025-01-01");
    await user.type(f.getByLabelText("Edition"), "1");
    await user.type(f.getByLabelText("Language"), "English");
    await user.type(f.getByLabelText("Price (₹)"), "45");
    await user.type(f.getByLabelText("Discount (₹)"), "0");
    await user.selectOptions(f.getByLabelText("Type"), "notebook");
    await user.type(f.getByLabelText("Description"), "A 30 cm ruler.");
    await user.upload(f.getByLabelText("Image"), pngFile("ruler.png"));
    await user.click(f.getByRole("button", { name: "Add" }));

    expect(await screen.findByText("Stationary added successfully")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/products")[0]?.body).toMatchObject({
      kind: "notebook",
      title: "Steel Ruler",
      pricePaise: 4_500,
      discountPaise: 0,
      imageUrl: "/media/stationeries/ruler-20250601.png",
    });
    expect(api.callsTo("POST", "/api/products")[0]?.body).not.toHaveProperty("schoolId");
  });

  it("updates in update mode and reports a failed delete", async () => {
    mockApi({
      "GET /api/products": list([pen]),
      [`PUT /api/products/${pen.id}`]: problem(409, "Someone else changed this just now; try again"),
      [`DELETE /api/products/${pen.id}`]: problem(404, "Stationary not found!"),
    });
    renderApp("/admin/stationeries", { user: admin });
    const user = userEvent.setup();
    await user.click(await screen.findByRole("button", { name: "Edit Gel Pen" }));
    const form = await screen.findByRole("form", { name: "Update Stationary" });
    expect(within(form).getByLabelText("Title")).toHaveValue("Gel Pen");
    await user.click(within(form).getByRole("button", { name: "Update" }));
    expect(await screen.findByText("Failed to update Stationary!")).toBeInTheDocument();
    await user.keyboard("{Escape}");

    await user.click(await screen.findByRole("button", { name: "Delete Gel Pen" }));
    await user.click(
      within(await screen.findByRole("dialog", { name: "Confirm Delete?" })).getByRole("button", {
        name: "Yes",
      }),
    );
    expect(await screen.findByText("Failed to delete Stationary!")).toBeInTheDocument();
  });
});
