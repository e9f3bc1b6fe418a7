import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it } from "vitest";
import { Toaster } from "./Toaster.tsx";
import { useToasts } from "./toast.ts";

/** How many live regions a screen reader hears the text through: each one reads it once. */
const liveRegionsAround = (text: string): string[] => {
  const regions: string[] = [];
  for (let el: HTMLElement | null = screen.getByText(text); el; el = el.parentElement) {
    const role = el.getAttribute("role");
    if (role === "alert" || role === "status" || role === "log") regions.push(role);
    else if (el.hasAttribute("aria-live") && el.getAttribute("aria-live") !== "off")
      regions.push("aria-live");
  }
  return regions;
};

describe("the toasts", () => {
  afterEach(() => act(() => useToasts.setState({ toasts: [] })));

  it("has its two live regions on the page before any toast, both empty", () => {
    render(<Toaster />);
    expect(screen.getByRole("alert")).toBeEmptyDOMElement();
    expect(screen.getByRole("status")).toBeEmptyDOMElement();
  });

  it("reads an error once, as an alert, and anything else once, politely", async () => {
    render(<Toaster />);
    act(() => {
      useToasts.getState().show("Something went wrong", "error");
      useToasts.getState().show("Added to Cart!", "success");
    });
    await screen.findByText("Something went wrong");
    await screen.findByText("Added to Cart!");
    expect(liveRegionsAround("Something went wrong")).toEqual(["alert"]);
    expect(liveRegionsAround("Added to Cart!")).toEqual(["status"]);
    expect(screen.getAllByRole("button", { name: "Close" })).toHaveLength(2);
  });
});
