import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { renderApp } from "../../../testing/render.tsx";

const fill = async (values: Partial<Record<"Name" | "Email" | "Message", string>>) => {
  const user = userEvent.setup();
  for (const [label, value] of Object.entries(values))
    if (value) await user.type(screen.getByLabelText(label), value);
  await user.click(screen.getByRole("button", { name: "Send" }));
};

const home = {
  "GET /api/promotions": { body: { items: [] } },
  "GET /api/schools": { body: { items: [] } },
  "GET /api/products": { body: { items: [] } },
};

describe("Contact Us", () => {
  it("asks for all three fields", async () => {
    const api = mockApi({});
    renderApp("/contact-us");
    await screen.findByRole("form", { name: "Contact Us" });
    await fill({ Name: "Asha", Email: "asha@example.com" });
    expect(await screen.findByText("Please fill in all the fields!")).toBeInTheDocument();
    expect(api.callsTo("POST", "/api/messages")).toHaveLength(0);
  });

  it("sends the message, toasts 'Message Sent!' and goes home", async () => {
    const api = mockApi({
      ...home,
      "POST /api/messages": { status: 201, body: { id: "m1", position: "8" } },
    });
    const { router } = renderApp("/contact-us");
    await screen.findByRole("form", { name: "Contact Us" });
    await fill({ Name: "Asha", Email: "asha@example.com", Message: "Do you stock class 9 atlases?" });
    expect(await screen.findByText("Message Sent!")).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe("/"));
    expect(api.callsTo("POST", "/api/messages")[0]?.body).toEqual({
      name: "Asha",
      email: "asha@example.com",
      message: "Do you stock class 9 atlases?",
    });
  });

  it("toasts 'Cannot Send Message!' when the server refuses", async () => {
    mockApi({ "POST /api/messages": problem(429, "Too many requests, try again later") });
    const { router } = renderApp("/contact-us");
    await screen.findByRole("form", { name: "Contact Us" });
    await fill({ Name: "Asha", Email: "asha@example.com", Message: "Hello" });
    expect(await screen.findByText("Cannot Send Message!")).toBeInTheDocument();
    expect(router.state.location.pathname).toBe("/contact-us");
  });

  it("says how long to wait when the server has had too many messages (Retry-After)", async () => {
    mockApi({
      "POST /api/messages": {
        ...problem(429, "Too many messages"),
        headers: { "content-type": "application/problem+json", "retry-after": "1800" },
      },
    });
    renderApp("/contact-us");
    await screen.findByRole("form", { name: "Contact Us" });
    await fill({ Name: "Asha", Email: "asha@example.com", Message: "Hello" });
    expect(
      await screen.findByText("Cannot Send Message! Too many messages. Please try again in 30 minutes."),
    ).toBeInTheDocument();
  });
});
