import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ id: "2386bf16-e46f-4b8d-83b9-7be3264741df", name: "Shop Admin", accType: 1 });
const rider = aUser({
  id: "3386bf16-e46f-4b8d-83b9-7be3264741df",
  name: "Ravi Rider",
  email: "ravi@example.com",
  accType: 3,
});

describe("admin users", () => {
  it("lists users with their roles and changes one through PUT /role", async () => {
    const socket = installFakeSocket();
    const api = mockApi({
      "GET /api/users": { body: { items: [admin, rider] } },
      [`PUT /api/users/${rider.id}/role`]: { body: { position: "60" } },
    });
    renderApp("/admin/users", { user: admin });
    const role = await screen.findByLabelText("Role of Ravi Rider");
    expect(role).toHaveValue("3");
    expect(screen.getByLabelText("Role of Shop Admin")).toBeDisabled();

    // Choosing a role saves nothing (a keyboard's arrow keys change a closed select as they move):
    // Save does, and only once the choice differs from the role the account has.
    const user = userEvent.setup();
    const save = screen.getByRole("button", { name: "Save role of Ravi Rider" });
    expect(save).toBeDisabled();
    await user.selectOptions(role, "Delivery");
    expect(api.callsTo("PUT", `/api/users/${rider.id}/role`)).toHaveLength(0);
    expect(save).toBeEnabled();
    await user.selectOptions(role, "Customer");
    expect(save).toBeDisabled();
    await user.selectOptions(role, "Delivery");
    await user.click(save);
    expect(await screen.findByText("Role updated!")).toBeInTheDocument();
    expect(api.callsTo("PUT", `/api/users/${rider.id}/role`)).toHaveLength(1);
    expect(api.callsTo("PUT", `/api/users/${rider.id}/role`)[0]?.body).toEqual({ accType: 2 });
    // Focus stays where the admin was working.
    expect(role).not.toBeDisabled();

    await waitFor(() => expect(socket.listenerCount("user.updated")).toBe(1));
    await socket.serverEmit("user.updated", { position: "60", user: { ...rider, accType: 2 } });
    expect(
      await within(screen.getAllByTestId("user-row")[1] as HTMLElement).findByDisplayValue("Delivery"),
    ).toBeInTheDocument();
  });
});
