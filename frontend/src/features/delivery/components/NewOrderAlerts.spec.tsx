import type { OrderSummary } from "@shop/contracts";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { installFakeSocket } from "../../../testing/fake-socket.ts";
import { mockApi, type RecordedCall } from "../../../testing/fetch-mock.ts";
import { anOrderSummary, aUser } from "../../../testing/fixtures.ts";
import { renderApp } from "../../../testing/render.tsx";

const first = anOrderSummary();
const placed: OrderSummary = anOrderSummary({
  id: "9a8b7c6d-1234-4abc-8def-00000000abcd",
  shortId: "0000abcd",
  placedAt: "2025-07-09T19:30:00.000Z",
  customer: { name: "Vikram Singh", email: "vikram@example.com", contact: "+91 90000 22222" },
  shippingAddress: "7 Civil Lines, Jaipur",
});

/** The browser's Notification, recording what the page shows and asks. */
class FakeNotification {
  static permission: NotificationPermission = "default";
  static shown: { title: string; body?: string }[] = [];
  static requestPermission = vi.fn(async () => {
    FakeNotification.permission = "granted";
    return FakeNotification.permission;
  });
  onclick: (() => void) | null = null;
  constructor(title: string, options?: NotificationOptions) {
    FakeNotification.shown.push({ title, ...(options?.body && { body: options.body }) });
  }
  close() {}
}

/** A WebAudio context that counts the tones started. */
class FakeAudioContext {
  static tones = 0;
  currentTime = 0;
  destination = {};
  resume = async () => {};
  createGain() {
    return {
      gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
      connect: (d: unknown) => d,
    };
  }
  createOscillator() {
    return {
      frequency: { value: 0 },
      connect: (g: unknown) => g,
      start: () => {
        FakeAudioContext.tones += 1;
      },
      stop() {},
    };
  }
}

let visibility: DocumentVisibilityState = "visible";
const setVisibility = (v: DocumentVisibilityState) => {
  visibility = v;
  act(() => {
    document.dispatchEvent(new Event("visibilitychange"));
  });
};

beforeEach(() => {
  FakeNotification.permission = "default";
  FakeNotification.shown = [];
  FakeNotification.requestPermission.mockClear();
  FakeAudioContext.tones = 0;
  vi.stubGlobal("Notification", FakeNotification);
  vi.stubGlobal("AudioContext", FakeAudioContext);
  vi.spyOn(document, "visibilityState", "get").mockImplementation(() => visibility);
  visibility = "visible";
  document.title = "Vidya School Books";
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const deliveryApi = (
  changes: (call: RecordedCall) => object = () => ({ items: [], position: "100", more: false }),
) =>
  mockApi({
    "GET /api/orders": { body: { items: [first] } },
    "GET /api/orders/changes": (call) => ({ body: changes(call) }),
  });

const rider = aUser({ accType: 2 });
/** The first render loads the page's lazy chunk: over a second on a busy machine. */
const SLOW = { timeout: 5000 };

describe("delivery page: never miss a pushed order", () => {
  it("asks for notifications only when the rider clicks the button", async () => {
    deliveryApi();
    renderApp("/delivery", { user: rider });
    const button = await screen.findByRole("button", { name: "Turn on new-order alerts" }, SLOW);
    expect(FakeNotification.requestPermission).not.toHaveBeenCalled();
    await userEvent.setup().click(button);
    expect(FakeNotification.requestPermission).toHaveBeenCalledTimes(1);
    expect(await screen.findByText(/New-order alerts are on/)).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: "Turn on new-order alerts" })).toBeNull();
  });

  it("in a background tab: notifies, beeps and counts new orders in the title until the tab is seen", async () => {
    FakeNotification.permission = "granted";
    const socket = installFakeSocket();
    deliveryApi();
    renderApp("/delivery", { user: rider });
    await screen.findAllByTestId("staff-order-row", {}, SLOW);
    await waitFor(() => expect(socket.listenerCount("order.placed")).toBe(1));

    // In the foreground a new order is only a row and a notice.
    await socket.serverEmit("order.placed", {
      position: "101",
      order: { ...placed, id: "00000000-0000-4000-8000-000000000001" },
    });
    expect(FakeNotification.shown).toEqual([]);
    expect(FakeAudioContext.tones).toBe(0);
    expect(document.title).toBe("Delivery · Vidya School Books");

    setVisibility("hidden");
    await socket.serverEmit("order.placed", { position: "102", order: placed });
    expect(FakeNotification.shown).toEqual([
      { title: "New order #0000abcd", body: "Vikram Singh · 7 Civil Lines, Jaipur" },
    ]);
    expect(FakeAudioContext.tones).toBe(2);
    expect(document.title).toBe("(1) Delivery · Vidya School Books");
    await socket.serverEmit("order.placed", {
      position: "103",
      order: { ...placed, id: "00000000-0000-4000-8000-000000000002" },
    });
    expect(document.title).toBe("(2) Delivery · Vidya School Books");

    setVisibility("visible");
    expect(document.title).toBe("Delivery · Vidya School Books");
  });

  it("after a lost connection, catches up from the read model since the last seen position and says so", async () => {
    const socket = installFakeSocket();
    const changed = { ...first, status: 2 };
    const api = deliveryApi((call) =>
      new URL(call.url, "http://x").searchParams.get("since") === "105"
        ? { items: [placed, changed], position: "110", more: false }
        : { items: [], position: "100", more: false },
    );
    renderApp("/delivery", { user: rider });
    await screen.findAllByTestId("staff-order-row", {}, SLOW);
    await waitFor(() => expect(api.callsTo("GET", "/api/orders/changes")).toHaveLength(1));
    await waitFor(() => expect(socket.listenerCount("order.updated")).toBe(1));
    await socket.serverEmit("order.updated", {
      position: "105",
      order: {
        ...first,
        items: [],
        totals: { pricePaise: 0, discountPaise: 0, payablePaise: 0, shippingPaise: 0 },
        timeline: [],
        position: "105",
      },
    });

    act(() => {
      socket.disconnect();
    });
    expect(await screen.findByText("Connection lost. Reconnecting…")).toBeInTheDocument();
    setVisibility("hidden");
    act(() => {
      socket.connect();
    });

    expect(
      await screen.findByText("Back online: caught up on 1 new order and 1 update missed while offline."),
    ).toBeInTheDocument();
    expect(new URL(api.callsTo("GET", "/api/orders/changes").at(-1)?.url ?? "", "http://x").search).toBe(
      "?since=105",
    );
    const rows = screen.getAllByTestId("staff-order-row");
    expect(rows).toHaveLength(2);
    expect(within(rows[0] as HTMLElement).getByText("Vikram Singh")).toBeInTheDocument();
    expect(within(rows[1] as HTMLElement).getByText("Processing")).toBeInTheDocument();
    // A missed order counts like a pushed one while the tab is in the background.
    expect(document.title).toBe("(1) Delivery · Vidya School Books");
  });
});
