import { act, render, screen } from "@testing-library/react";
import { hydrateRoot } from "react-dom/client";
import { renderToString } from "react-dom/server";
import { afterEach, describe, expect, it, vi } from "vitest";
import { useMatchMedia } from "./viewport-guess.ts";

/** A window.matchMedia whose answer the test changes, telling the listeners as a browser does. */
const fakeMatchMedia = (initially: boolean) => {
  let matches = initially;
  const listeners = new Set<() => void>();
  const matchMedia = vi.fn((_query: string) => ({
    get matches() {
      return matches;
    },
    addEventListener: (_: "change", l: () => void) => listeners.add(l),
    removeEventListener: (_: "change", l: () => void) => listeners.delete(l),
  }));
  vi.stubGlobal("matchMedia", matchMedia);
  return {
    matchMedia,
    set: (next: boolean) => {
      matches = next;
      for (const l of listeners) l();
    },
  };
};

const Narrow = ({ guess }: { guess: boolean }) => (
  <p>{useMatchMedia("(max-width: 991.98px)", guess) ? "narrow" : "wide"}</p>
);

const Recorded = ({ seen }: { seen: string[] }) => {
  const narrow = useMatchMedia("(max-width: 991.98px)", true);
  seen.push(narrow ? "narrow" : "wide");
  return <p>{narrow ? "narrow" : "wide"}</p>;
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("useMatchMedia", () => {
  it("reads the real match on a first render, and follows its changes", () => {
    const media = fakeMatchMedia(true);
    render(<Narrow guess={false} />);
    expect(screen.getByText("narrow")).toBeInTheDocument();
    expect(media.matchMedia).toHaveBeenCalledWith("(max-width: 991.98px)");
    act(() => media.set(false));
    expect(screen.getByText("wide")).toBeInTheDocument();
  });

  it("hydrates the server's markup with the guess, then renders the real match", async () => {
    const media = fakeMatchMedia(false);
    vi.stubGlobal("matchMedia", undefined);
    const html = renderToString(<Narrow guess={true} />);
    expect(html).toContain("narrow");
    vi.stubGlobal("matchMedia", media.matchMedia);
    const container = document.createElement("div");
    container.innerHTML = html;
    document.body.append(container);
    const errors = vi.spyOn(console, "error");
    const seen: string[] = [];
    const recoverable = vi.fn();
    await act(async () => {
      hydrateRoot(container, <Recorded seen={seen} />, { onRecoverableError: recoverable });
    });
    // The server's guess for the hydration (its markup is kept), then the real match.
    expect(seen[0]).toBe("narrow");
    expect(seen.at(-1)).toBe("wide");
    expect(container.textContent).toBe("wide");
    expect(recoverable).not.toHaveBeenCalled();
    expect(errors).not.toHaveBeenCalled();
    container.remove();
  });
});
