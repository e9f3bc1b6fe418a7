import { act, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../testing/fetch-mock.ts";
import { aUser } from "../testing/fixtures.ts";
import { renderApp } from "../testing/render.tsx";
import { SESSION_ENDED, SESSION_KEY, useSession } from "./session.ts";

/** A browser review: a session ended elsewhere (expired, revoked, logged out in another tab). */
describe("a session that ends while a page is open", () => {
  it("sends the user to Login saying the session ended, and back to the page after signing in", async () => {
    let expired = true;
    mockApi({
      "GET /api/cart": () => (expired ? problem(401, "Login First!") : { body: { items: [], totals: {} } }),
      "POST /api/auth/login": () => {
        expired = false;
        return { body: { user: aUser(), token: "t" } };
      },
    });
    const { router } = renderApp("/cart", { user: aUser() });
    await waitFor(() => expect(router.state.location.pathname).toBe("/login"));
    expect((await screen.findByText(SESSION_ENDED)).closest('[role="alert"]')).not.toBeNull();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText("Email"), "asha@example.com");
    await user.type(screen.getByLabelText("Password"), "customer-pass-1");
    await user.click(screen.getByRole("button", { name: "Login" }));
    await waitFor(() => expect(router.state.location.pathname).toBe("/cart"));
    expect(screen.queryByText(SESSION_ENDED)).not.toBeInTheDocument();
  });

  it("follows a logout in another tab, and a login there", async () => {
    renderApp("/", { user: aUser() });
    expect(useSession.getState().user).not.toBeNull();
    act(() => {
      localStorage.removeItem(SESSION_KEY);
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_KEY, newValue: null }));
    });
    expect(useSession.getState().user).toBeNull();
    act(() => {
      localStorage.setItem(SESSION_KEY, JSON.stringify(aUser({ name: "Other Tab" })));
      window.dispatchEvent(new StorageEvent("storage", { key: SESSION_KEY, newValue: "x" }));
    });
    expect(useSession.getState().user?.name).toBe("Other Tab");
  });
});
