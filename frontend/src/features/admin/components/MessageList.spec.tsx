import { screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi, problem } from "../../../testing/fetch-mock.ts";
import { aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const admin = aUser({ accType: 1 });
const message = {
  id: "0c6b5d8e-1111-4222-8333-444455556666",
  name: "Ravi Kumar",
  email: "ravi@example.com",
  message: "Do you deliver to Mysuru?",
  sentAt: "2025-06-01T20:00:00.000Z",
};

describe("admin messages", () => {
  it("says 'No Message here!', then shows a message as it arrives", async () => {
    const socket = installFakeSocket();
    mockApi({ "GET /api/messages": { body: { items: [] } } });
    renderApp("/admin/viewMessages", { user: admin });
    expect(await screen.findByText("No Message here!")).toBeInTheDocument();

    await waitFor(() => expect(socket.listenerCount("message.received")).toBe(1));
    await socket.serverEmit("message.received", { position: "7", message });
    expect(await screen.findByText("Do you deliver to Mysuru?")).toBeInTheDocument();
    expect(screen.getByText("ravi@example.com")).toBeInTheDocument();
    expect(screen.getByText("Ravi Kumar")).toBeInTheDocument();
    // 20:00 UTC is already the next day in India.
    expect(screen.getByText("02 June 2025")).toBeInTheDocument();
  });

  it("says 'Error in loading messages!' when the list fails", async () => {
    mockApi({ "GET /api/messages": problem(500, "boom") });
    renderApp("/admin/viewMessages", { user: admin });
    expect(await screen.findByText("Error in loading messages!")).toBeInTheDocument();
  });
});
