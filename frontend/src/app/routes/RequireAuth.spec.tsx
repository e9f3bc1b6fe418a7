import { screen, within } from "@testing-library/react";
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

  it("send a visitor who signs up from /login back to the page too", async () => {
    mockApi({
      "POST /api/auth/signup": { status: 201, body: { user: aUser(), token: "t", position: "1" } },
      "GET /api/orders": { body: { items: [] } },
    });
    const { router } = renderApp("/orders");
    const user = userEvent.setup();
    const login = await screen.findByRole("form", { name: "Login" });
    await user.click(within(login).getByRole("link", { name: "Sign up" }));
    expect(await screen.findByRole("form", { name: "Sign up" })).toBeInTheDocument();

    await user.type(screen.getByLabelText("Name"), "Asha Rao");
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Phone"), "+91 98450 12345");
    await user.type(screen.getByLabelText("Password"), "customer-pass-1");
    await user.type(screen.getByLabelText("Address"), "12 MG Road, Bengaluru");
    await user.click(screen.getByRole("button", { name: "Sign up" }));

    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
  });

  it("let a signed-in user straight through", async () => {
    mockApi({ "GET /api/orders": { body: { items: [] } } });
    const { router } = renderApp("/orders", { user: aUser() });
    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
  });
});
