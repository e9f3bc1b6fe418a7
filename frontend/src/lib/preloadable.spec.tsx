import { render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { preloadable, usePreloaded } from "./preloadable.ts";

const Show = ({ from }: { from: ReturnType<typeof preloadable<{ text: string }>> }) => {
  const loaded = usePreloaded(from);
  return <p>{loaded.state === "loaded" ? loaded.module.text : loaded.state}</p>;
};

describe("a preloadable module", () => {
  it("loads once, and is drawn at once by a component rendered after it has loaded", async () => {
    const importer = vi.fn(async () => ({ text: "the module" }));
    const module = preloadable(importer);
    expect(module.loaded).toBeUndefined();
    await Promise.all([module.load(), module.load()]);
    expect(importer).toHaveBeenCalledTimes(1);
    render(<Show from={module} />);
    expect(screen.getByText("the module")).toBeInTheDocument();
  });

  it("is loaded by a component that needs it before it has, which then draws it", async () => {
    const module = preloadable(async () => ({ text: "the module" }));
    render(<Show from={module} />);
    expect(screen.getByText("loading")).toBeInTheDocument();
    expect(await screen.findByText("the module")).toBeInTheDocument();
  });

  it("tells a failure, and tries again on the next load", async () => {
    const importer = vi
      .fn<() => Promise<{ text: string }>>()
      .mockRejectedValueOnce(new Error("chunk gone"))
      .mockResolvedValueOnce({ text: "the module" });
    const module = preloadable(importer);
    render(<Show from={module} />);
    expect(await screen.findByText("failed")).toBeInTheDocument();
    await expect(module.load()).resolves.toEqual({ text: "the module" });
    expect(importer).toHaveBeenCalledTimes(2);
  });
});
