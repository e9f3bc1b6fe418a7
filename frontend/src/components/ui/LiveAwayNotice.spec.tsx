import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { setSocketFactory } from "../../lib/socket.ts";
import { AWAY_NOTICE_MS } from "../../lib/use-live-away.ts";
import { FakeSocket } from "../../testing/fake-socket.ts";
import { LIVE_AWAY_TEXT, LiveAwayNotice } from "./LiveAwayNotice.tsx";

describe("the notice that live updates are paused", () => {
  let socket: FakeSocket;
  beforeEach(() => {
    vi.useFakeTimers();
    socket = new FakeSocket();
    setSocketFactory(() => socket);
  });
  afterEach(() => {
    vi.useRealTimers();
    setSocketFactory(() => new FakeSocket());
  });

  const settle = () => act(async () => {});
  const wait = (ms: number) => act(async () => vi.advanceTimersByTime(ms));
  const shown = () => screen.queryByTestId("live-away") !== null;

  it("says so once the connection has been lost a few seconds, and clears once it is back", async () => {
    render(<LiveAwayNotice />);
    await settle();
    expect(shown()).toBe(false);
    expect(screen.getByRole("status")).toHaveTextContent("");

    await act(async () => socket.disconnect());
    await wait(AWAY_NOTICE_MS - 100);
    // A network change reconnects within the wait: nothing flickers.
    expect(shown()).toBe(false);
    await wait(200);
    expect(shown()).toBe(true);
    expect(screen.getByRole("status")).toHaveTextContent(LIVE_AWAY_TEXT);

    await act(async () => socket.connect());
    expect(shown()).toBe(false);
    expect(screen.getByRole("status")).toHaveTextContent("");
  });

  it("says so when the browser goes offline, until it is online and connected again", async () => {
    render(<LiveAwayNotice />);
    await settle();
    await act(async () => window.dispatchEvent(new Event("offline")));
    await wait(AWAY_NOTICE_MS + 10);
    expect(shown()).toBe(true);
    await act(async () => socket.disconnect());
    await act(async () => window.dispatchEvent(new Event("online")));
    // Online, but the live connection is not back yet: live updates still cannot arrive.
    expect(shown()).toBe(true);
    await act(async () => socket.connect());
    expect(shown()).toBe(false);
  });

  it("says nothing when the connection drops and comes back within the wait", async () => {
    render(<LiveAwayNotice />);
    await settle();
    await act(async () => socket.disconnect());
    await wait(1000);
    await act(async () => socket.connect());
    await wait(AWAY_NOTICE_MS * 2);
    expect(shown()).toBe(false);
  });
});
