import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { createMemoryRouter, RouterProvider } from "react-router-dom";
import { describe, expect, it } from "vitest";
import { useSession } from "../../stores/session.ts";
import { mockApi } from "../../testing/fetch-mock.ts";
import { aUser } from "../../testing/fixtures.ts";
import { renderApp, testQueryClient } from "../../testing/render.tsx";
import { AppBootstrap } from "../AppBootstrap.tsx";
import { AppProviders } from "../providers.tsx";
import { routes } from "../router.tsx";

/** The app as a fresh page load at `path`: nothing stored, the session check not yet answered. */
const loadPage = (path: string) => {
  useSession.setState({ checked: false });
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <AppProviders queryClient={testQueryClient()}>
      <AppBootstrap />
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
};

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

  it("wait for the session on a direct load: a valid session cookie opens the page, not /login", async () => {
    let answer: (reply: { body: unknown }) => void = () => {};
    const api = mockApi({
      "GET /api/auth/session": () => new Promise((resolve) => (answer = resolve)),
      "GET /api/orders": { body: { items: [] } },
    });
    const router = loadPage("/orders");
    expect(await screen.findByText("Loading...")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
    answer({ body: { user: aUser() } });
    expect(await screen.findByText("No Orders Here")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/orders");
    expect(screen.getByTestId("user-name")).toHaveTextContent("Asha Rao");
    expect(api.callsTo("GET", "/api/auth/me")).toHaveLength(0);
  });

  it("send a visitor to /login once the server says there is no session (a 200, no error)", async () => {
    mockApi({ "GET /api/auth/session": { body: { user: null } } });
    const router = loadPage("/order/5d9c2e1f-3a4b-4c5d-8e6f-7a8b9c0d1e2f");
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
  });

  it("forget a stored user whose session has ended", async () => {
    useSession.getState().setUser(aUser());
    mockApi({ "GET /api/auth/session": { body: { user: null } } });
    const router = loadPage("/profile");
    expect(await screen.findByRole("form", { name: "Login" })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/login");
    expect(useSession.getState().user).toBeNull();
  });
});
