import { QueryClientProvider } from "@tanstack/react-query";
import { render, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { useLiveEvent } from "../../lib/live-events.ts";
import { installFakeSocket } from "../../testing/fake-socket.ts";
import { testQueryClient } from "../../testing/render.tsx";
import { LIVE_EVENT_NAMES, LiveDispatcher } from "./live-dispatcher.ts";

// The handler table arrives only when the test opens the gate: as a chunk of its own in the app,
// it may come after the first events.
const gate = vi.hoisted(() => {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => {
    open = resolve;
  });
  return { open, opened };
});
vi.mock("./handlers.ts", async (importOriginal) => {
  await gate.opened;
  return importOriginal();
});

const Heard = ({ heard }: { heard: string[] }) => {
  useLiveEvent("catalogue.updated", () => heard.push("catalogue.updated"));
  useLiveEvent("user.updated", ({ user }) => heard.push(`user.updated ${user.name}`));
  return null;
};

describe("the live dispatcher", () => {
  it("applies the events that came before its handler table had loaded, in order, once it has", async () => {
    const socket = installFakeSocket();
    const queryClient = testQueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    const heard: string[] = [];
    render(
      <QueryClientProvider client={queryClient}>
        <LiveDispatcher />
        <Heard heard={heard} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(socket.listenerCount("catalogue.updated")).toBe(1));

    await socket.serverEmit("catalogue.updated", { position: "7" });
    await socket.serverEmit("user.updated", {
      position: "8",
      user: { id: "u1", name: "Asha", email: "asha@example.com", accType: 0 },
    });
    await socket.serverEmit("catalogue.updated", { position: "9" });
    expect(heard).toEqual([]);
    expect(invalidate).not.toHaveBeenCalled();
    gate.open();

    await waitFor(() => expect(heard).toHaveLength(3));
    expect(heard).toEqual(["catalogue.updated", "user.updated Asha", "catalogue.updated"]);
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ["products"] });
  });

  it("refetches what is on screen when the connection comes back, not at its first connect", async () => {
    const socket = installFakeSocket();
    const queryClient = testQueryClient();
    const invalidate = vi.spyOn(queryClient, "invalidateQueries");
    render(
      <QueryClientProvider client={queryClient}>
        <LiveDispatcher />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(socket.listenerCount("connect")).toBeGreaterThan(0));
    socket.connect();
    expect(invalidate).not.toHaveBeenCalled();
    socket.disconnect();
    socket.connect();
    expect(invalidate).toHaveBeenCalledTimes(1);
    const [filters] = invalidate.mock.calls[0] ?? [];
    const predicate = (filters as unknown as { predicate: (q: { queryKey: unknown[] }) => boolean })
      .predicate;
    // The customer's orders list is asked again; what catches up by itself is left to do so.
    expect(predicate({ queryKey: ["orders", "list", "mine"] })).toBe(true);
    expect(predicate({ queryKey: ["cart"] })).toBe(true);
    expect(predicate({ queryKey: ["dashboard", {}] })).toBe(false);
    expect(predicate({ queryKey: ["orders", "list", "staff", {}] })).toBe(false);
    expect(predicate({ queryKey: ["orders", "detail", "o1"] })).toBe(false);
  });

  it("listens for every event of the handler table, and for no other", async () => {
    gate.open();
    const { createLiveHandlers } = await import("./handlers.ts");
    expect([...LIVE_EVENT_NAMES].sort()).toEqual(Object.keys(createLiveHandlers()).sort());
  });
});
