import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { FakeSocket } from "../testing/fake-socket.ts";
import { getSocket, setSocketFactory } from "./socket.ts";

const io = vi.hoisted(() => vi.fn());
vi.mock("socket.io-client", () => ({ io }));

const pretendLoading = () =>
  vi.spyOn(document, "readyState", "get").mockReturnValue("loading" as DocumentReadyState);

describe("the live connection", () => {
  beforeEach(() => io.mockReset());
  afterEach(() => setSocketFactory(() => new FakeSocket()));

  it("is opened only once the page has loaded", async () => {
    io.mockReturnValue(new FakeSocket());
    const readyState = pretendLoading();
    setSocketFactory();

    const socket = getSocket();
    await new Promise((r) => setTimeout(r, 20));
    expect(io).not.toHaveBeenCalled();

    readyState.mockReturnValue("complete");
    window.dispatchEvent(new Event("load"));
    await expect(socket).resolves.toBeInstanceOf(FakeSocket);
    expect(io).toHaveBeenCalledTimes(1);
    expect(io).toHaveBeenCalledWith(expect.objectContaining({ path: "/socket.io", withCredentials: true }));
  });

  it("is opened at once on a page that has already loaded", async () => {
    io.mockReturnValue(new FakeSocket());
    setSocketFactory();
    await expect(getSocket()).resolves.toBeInstanceOf(FakeSocket);
    expect(io).toHaveBeenCalledTimes(1);
  });
});
