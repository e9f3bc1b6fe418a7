import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderWithProviders } from "../../../testing/render.tsx";
import { SignupForm } from "./SignupForm.tsx";

const fill = async (values: Partial<Record<"Name" | "Email" | "Phone" | "Password" | "Address", string>>) => {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values)) {
    if (value) await user.type(screen.getByLabelText(label), value);
  }
  await user.click(screen.getByRole("button", { name: "Sign up" }));
};

const complete = {
  Name: "Asha Rao",
  Email: "asha@example.com",
  Phone: "+91 98450 12345",
  Password: "customer-pass-1",
  Address: "12 MG Road, Bengaluru",
};

describe("SignupForm", () => {
  it("asks for all the details when the address is missing, without calling the server", async () => {
    const api = mockApi({});
    renderWithProviders(<SignupForm onSuccess={() => {}} />);

    await fill({ ...complete, Address: "" });

    expect(await screen.findByText("Please fill all the details!")).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("toasts 'Signup Successful' and signs the new customer in", async () => {
    const api = mockApi({
      "POST /api/auth/signup": { status: 201, body: { user: aUser(), token: "t", position: "7" } },
    });
    const onSuccess = vi.fn();
    renderWithProviders(<SignupForm onSuccess={onSuccess} />);

    await fill(complete);

    expect(await screen.findByText("Signup Successful")).toBeInTheDocument();
    expect(onSuccess).toHaveBeenCalledOnce();
    expect(api.callsTo("POST", "/api/auth/signup")[0]?.body).toEqual({
      name: "Asha Rao",
      email: "asha@example.com",
      contact: "+91 98450 12345",
      password: "customer-pass-1",
      address: "12 MG Road, Bengaluru",
    });
  });

  it("toasts 'Signup Unsuccessful' and shows why when the server refuses", async () => {
    mockApi({ "POST /api/auth/signup": problem(409, "Email already registered") });
    renderWithProviders(<SignupForm onSuccess={() => {}} />);

    await fill(complete);

    expect(await screen.findByText("Signup Unsuccessful")).toBeInTheDocument();
    expect(screen.getByText("Email already registered")).toBeInTheDocument();
  });
});
