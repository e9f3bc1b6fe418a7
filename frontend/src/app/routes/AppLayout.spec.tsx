import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { deferred, mockApi } from "../../testing/fetch-mock.ts";
import { aProduct } from "../../testing/fixtures.ts";
import { renderApp } from "../../testing/render.tsx";

const focusIsOn = (element: HTMLElement) => waitFor(() => expect(document.activeElement).toBe(element));

/** A navigation moves the focus to the new page, so that a screen reader announces it. */
describe("focus after a navigation", () => {
  it("leaves the first load alone, then puts the focus on the new page's main heading", async () => {
    const { router } = renderApp("/login");
    await screen.findByRole("heading", { name: "Login" });
    expect(document.activeElement).toBe(document.body);

    await router.navigate("/signup");
    const heading = await screen.findByRole("heading", { level: 1, name: "Sign up" });
    await focusIsOn(heading);
    expect(heading).toHaveAttribute("tabindex", "-1");
  });

  it("focuses <main> while the page loads, and its heading once it is drawn", async () => {
    const product = deferred<{ body: unknown }>();
    mockApi({ "GET /api/products/p1": () => product.promise });
    const { router } = renderApp("/login");
    await screen.findByRole("heading", { name: "Login" });

    await router.navigate("/product/p1");
    await screen.findByText("Loading...");
    await focusIsOn(screen.getByRole("main"));

    product.resolve({ body: aProduct({ id: "p1", title: "Hindi Class 8" }) });
    await focusIsOn(await screen.findByRole("heading", { level: 1, name: "Hindi Class 8" }));
  });

  it("takes a search sent from the bar to the results' heading", async () => {
    mockApi({ "GET /api/search": { body: { schools: [], products: [] } } });
    renderApp("/login");
    await screen.findByRole("heading", { name: "Login" });
    await userEvent.setup().type(screen.getByRole("searchbox", { name: "Search" }), "english{Enter}");
    await focusIsOn(await screen.findByRole("heading", { level: 1, name: "Results for “english”" }));
  });

  it("keeps the focus on <main> for a page without a heading", async () => {
    mockApi({});
    const { router } = renderApp("/login");
    await screen.findByRole("heading", { name: "Login" });
    await router.navigate("/product/missing");
    await screen.findByText("Book Not Found!");
    await focusIsOn(screen.getByRole("main"));
  });
});

describe("skip link", () => {
  it("is the first tab stop and takes the focus to <main>", async () => {
    renderApp("/login");
    await screen.findByRole("heading", { name: "Login" });
    const user = userEvent.setup();
    await user.tab();
    const skip = screen.getByRole("link", { name: "Skip to main content" });
    expect(document.activeElement).toBe(skip);
    expect(skip).toHaveAttribute("href", "#main");
    await user.click(skip);
    expect(document.activeElement).toBe(screen.getByRole("main"));
  });
});
