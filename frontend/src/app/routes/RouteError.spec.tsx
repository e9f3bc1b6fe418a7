import { render, screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { MemoryRouter, Route, Routes } from "react-router-dom";
import { describe, expect, it, vi } from "vitest";
import { mockApi } from "../../testing/fetch-mock.ts";
import { testQueryClient } from "../../testing/render.tsx";
import { App } from "../providers.tsx";
import { preloadRouteError, ROUTE_ERROR_MESSAGE, RouteErrorBoundary } from "./RouteError.tsx";

const Broken = (): never => {
  throw new Error("this screen is broken");
};

describe("a screen that fails to render", () => {
  it("shows the error in place of the page, and a navigation elsewhere tries again", async () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
            <Route path="/" element={<p>the home page</p>} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

    // At once, before its screen (a chunk of its own, not preloaded here) has arrived: the words.
    expect(screen.getByRole("alert")).toHaveTextContent(ROUTE_ERROR_MESSAGE);
    expect(logged).toHaveBeenCalled();
    // Then the screen itself, in its place.
    await waitFor(() => expect(screen.getByRole("alert")).toHaveClass("MuiAlert-root"));
    expect(screen.getByRole("alert")).toHaveTextContent(ROUTE_ERROR_MESSAGE);

    await userEvent.setup().click(screen.getByRole("link", { name: "Back to Home" }));
    expect(screen.getByText("the home page")).toBeInTheDocument();
    expect(screen.queryByRole("alert")).not.toBeInTheDocument();
  });
});

describe("the error screen, kept out of the first load", () => {
  const renderBroken = () =>
    render(
      <MemoryRouter initialEntries={["/broken"]}>
        <RouteErrorBoundary>
          <Routes>
            <Route path="/broken" element={<Broken />} />
          </Routes>
        </RouteErrorBoundary>
      </MemoryRouter>,
    );

  it("is drawn at once, MUI's Alert and all, once main.tsx has preloaded it", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    await preloadRouteError();
    renderBroken();
    const alert = screen.getByRole("alert");
    expect(alert).toHaveTextContent(ROUTE_ERROR_MESSAGE);
    expect(alert).toHaveClass("MuiAlert-root");
    expect(screen.getByRole("link", { name: "Back to Home" })).toHaveAttribute("href", "/");
  });
});

describe("the app's router", () => {
  it("shows the screen for the address bar's path", async () => {
    mockApi({ "GET /api/auth/session": { body: { user: null } } });
    window.history.pushState({}, "", "/no-such-page");
    try {
      render(<App queryClient={testQueryClient()} />);
      expect(await screen.findByRole("heading", { name: "Page not found" })).toBeInTheDocument();
      await userEvent.setup().click(screen.getByRole("link", { name: "Back to Home" }));
      expect(window.location.pathname).toBe("/");
    } finally {
      window.history.pushState({}, "", "/");
    }
  });
});
