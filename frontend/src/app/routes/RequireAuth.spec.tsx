import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aUser } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

describe("protected routes", () => {
  it("send a logged-out visitor to /login and back to the page after login", async () => {
    mockApi({
      "POST /api/auth/login": { body: { user: aUser(), token: "t" } },
      "GET /api/orders": { body: { items: [] } },
    });
    const { router } = renderApp("/orders");

    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");

    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Password"), "customer-pass-1");
    await user.click(screen.getByRole("button", { name: "Login" }));

    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
    expect(screen.getByTestId("user-name")).toHaveTextContent("Asha Rao");
  });

  it("let a signed-in user straight through", async () => {
    mockApi({ "GET /api/orders": { body: { items: [] } } });
    const { router } = renderApp("/orders", { user: aUser() });
    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
  });
});
