import { act, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { schoolSlides } from "../../features/schools/components/SchoolsCarousel.tsx";
import { Carousel } from "./Carousel.tsx";

afterEach(() => vi.useRealTimers());

describe("Carousel", () => {
  it("moves on every autoplay interval and wraps round, with the given transition", () => {
    vi.useFakeTimers();
    render(<Carousel label="Promotions" slides={["A", "B", "C"]} autoplayMs={4500} transitionMs={1000} />);
    const track = screen.getByTestId("carousel-track");
    expect(track.style.transition).toBe("transform 1000ms ease");
    expect(track.style.transform).toBe("translateX(-0%)");
    act(() => vi.advanceTimersByTime(4499));
    expect(track.style.transform).toBe("translateX(-0%)");
    act(() => vi.advanceTimersByTime(1));
    expect(track.style.transform).toBe("translateX(-100%)");
    act(() => vi.advanceTimersByTime(9000));
    expect(track.style.transform).toBe("translateX(-0%)");
    expect(screen.getByRole("group", { name: "1 of 3" })).toHaveAttribute("aria-hidden", "false");
    expect(document.querySelector('[aria-label="2 of 3"]')).toHaveAttribute("aria-hidden", "true");
  });

  it("stops and resumes its rotation by its Pause/Play button (WCAG 2.2.2)", () => {
    vi.useFakeTimers();
    render(<Carousel label="Promotions" slides={["A", "B", "C"]} autoplayMs={4500} />);
    const track = screen.getByTestId("carousel-track");
    const pause = screen.getByRole("button", { name: "Pause slides" });
    act(() => pause.focus());
    act(() => pause.click());
    // Stopped for good, not only while the focus is inside.
    act(() => pause.blur());
    act(() => vi.advanceTimersByTime(20_000));
    expect(track.style.transform).toBe("translateX(-0%)");
    const play = screen.getByRole("button", { name: "Play slides" });
    expect(play).toBe(pause);
    // Pressed, it plays at once, though the focus is still on it.
    act(() => play.focus());
    act(() => play.click());
    expect(screen.getByRole("button", { name: "Pause slides" })).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(4500));
    expect(track.style.transform).toBe("translateX(-100%)");
  });

  it("does not rotate for a user who asks for less motion, until they press Play", () => {
    vi.useFakeTimers();
    vi.stubGlobal("matchMedia", (query: string) => ({ matches: query.includes("reduce"), media: query }));
    try {
      render(<Carousel label="Promotions" slides={["A", "B"]} autoplayMs={4500} />);
      const track = screen.getByTestId("carousel-track");
      act(() => vi.advanceTimersByTime(20_000));
      expect(track.style.transform).toBe("translateX(-0%)");
      act(() => screen.getByRole("button", { name: "Play slides" }).click());
      act(() => vi.advanceTimersByTime(4500));
      expect(track.style.transform).toBe("translateX(-100%)");
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("has no Pause button when it does not rotate by itself", () => {
    render(<Carousel label="Schools" slides={["A", "B", "C", "D", "E"]} perView={4} />);
    expect(screen.queryByRole("button", { name: /slides$/ })).not.toBeInTheDocument();
  });

  it("goes where the arrows and dots say", () => {
    render(<Carousel label="Schools" slides={["A", "B", "C", "D", "E"]} perView={4} />);
    const track = screen.getByTestId("carousel-track");
    act(() => screen.getByRole("button", { name: "Next slide" }).click());
    expect(track.style.transform).toBe("translateX(-25%)");
    act(() => screen.getByRole("button", { name: "Next slide" }).click());
    expect(track.style.transform).toBe("translateX(-0%)");
    act(() => screen.getByRole("button", { name: "Previous slide" }).click());
    expect(track.style.transform).toBe("translateX(-25%)");
    expect(screen.getAllByRole("button", { name: /Go to slide/ })).toHaveLength(2);
  });

  it("shows the spec's number of school slides", () => {
    expect(schoolSlides(3, false)).toBe(3);
    expect(schoolSlides(5, false)).toBe(4);
    expect(schoolSlides(2, false)).toBe(4);
    expect(schoolSlides(3, true)).toBe(1);
  });
});
