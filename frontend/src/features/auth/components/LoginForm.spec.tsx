import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { useSession } from "../../../stores/session.ts";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderWithProviders } from "../../../testing/render.tsx";
import { LoginForm } from "./LoginForm.tsx";

const fillAndSubmit = async (email: string, password: string) => {
  const user = userEvent.setup();
  await user.type(screen.getByLabelText("Email"), email);
  await user.type(screen.getByLabelText("Password"), password);
  await user.click(screen.getByRole("button", { name: "Login" }));
};

describe("LoginForm", () => {
  it("signs in, stores currentUser and toasts 'Login Successful!'", async () => {
    const api = mockApi({ "POST /api/auth/login": { body: { user: aUser(), token: "t" } } });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    await fillAndSubmit("Asha@Example.com", "customer-pass-1");

    expect(await screen.findByText("Login Successful!")).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledOnce();
    const [call] = api.callsTo("POST", "/api/auth/login");
    expect(call?.body).toEqual({ email: "asha@example.com", password: "customer-pass-1" });
    expect(call?.credentials).toBe("include");
    expect(JSON.parse(localStorage.getItem("currentUser") ?? "null")).toEqual(aUser());
  });

  it("shows the server's detail when the login fails", async () => {
    mockApi({ "POST /api/auth/login": problem(401, "Invalid email or password") });
    const onSuccess = vi.fn();
    renderWithProviders(<LoginForm onSuccess={onSuccess} />);

    await fillAndSubmit("asha@example.com", "wrong-password");

    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    expect(onSuccess).not.toHaveBeenCalled();
    expect(useSession.getState().user).toBeNull();
    expect(localStorage.getItem("currentUser")).toBeNull();
  });

  it("closes the toast after 2000 ms (spec §9)", async () => {
    mockApi({ "POST /api/auth/login": problem(401, "Invalid email or password") });
    renderWithProviders(<LoginForm onSuccess={() => {}} />);
    await fillAndSubmit("asha@example.com", "wrong-password");
    expect(await screen.findByText("Invalid email or password")).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText("Invalid email or password")).not.toBeInTheDocument(), {
      timeout: 3000,
    });
  });
});
