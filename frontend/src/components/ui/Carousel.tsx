import { type ReactNode, useEffect, useState } from "react";
import { fs } from "../../first-screen/classes.ts";
import { PlainButtonBase } from "../../first-screen/PlainButtonBase.tsx";

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Slides visible at once: 1 to 4 (the first screen's stylesheet has a slide class for each). */
  perView?: number;
  autoplayMs?: number;
  transitionMs?: number;
}

const reducedMotion = (): boolean =>
  typeof window !== "undefined" &&
  typeof window.matchMedia === "function" &&
  window.matchMedia("(prefers-reduced-motion: reduce)").matches;

/**
 * A small CSS-transition carousel: one track moved with translateX, autoplay paused while the
 * pointer or focus is inside and stopped by its Pause button (before the dots; 24 px, WCAG 2.2.2), slides out of view made inert so the keyboard skips them. Plain
 * elements with the rules MUI generates for what they were (first-screen/stylesheet.tsx: the arrows
 * are MUI's IconButton, medium, default colour, on a white disc; a slide's class says how many show).
 */
export const Carousel = ({ label, slides, perView = 1, autoplayMs, transitionMs = 1000 }: CarouselProps) => {
  const view = Math.max(1, Math.min(perView, slides.length, fs.slide.length - 1));
  const positions = Math.max(1, slides.length - view + 1);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  // Stopped by its Pause button (WCAG 2.2.2), or from the start when the user asks for less motion:
  // read after the first render, which the server's must equal (it knows no preference).
  const [stopped, setStopped] = useState(false);
  const current = Math.min(index, positions - 1);
  const rotates = Boolean(autoplayMs) && positions > 1;

  useEffect(() => {
    if (reducedMotion()) setStopped(true);
  }, []);

  useEffect(() => {
    if (!autoplayMs || paused || stopped || positions < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % positions), autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, paused, stopped, positions]);

  const go = (step: number) => setIndex((current + step + positions) % positions);

  return (
    <section
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      className={view > 1 ? fs.carouselMulti : fs.carousel}
    >
      <div
        data-testid="carousel-track"
        className={fs.carouselTrack}
        // Inline: a class per position would pile up.
        style={{
          transform: `translateX(-${(current * 100) / view}%)`,
          transition: `transform ${transitionMs}ms ease`,
        }}
      >
        {slides.map((slide, i) => {
          const visible = i >= current && i < current + view;
          return (
            // biome-ignore lint/a11y/useSemanticElements: the APG carousel's slide is a group, not a form's fieldset
            <div
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!visible}
              inert={!visible}
              className={fs.slide[view]}
            >
              {slide}
            </div>
          );
        })}
      </div>
      {positions > 1 && (
        <>
          <ArrowButton side="left" label="Previous slide" onClick={() => go(-1)} />
          <ArrowButton side="right" label="Next slide" onClick={() => go(1)} />
          <div className={fs.dots}>
            {rotates && (
              <button
                type="button"
                aria-label={stopped ? "Play slides" : "Pause slides"}
                // Play means now, though the pointer and focus are still inside (they pause it).
                onClick={() => {
                  setStopped((s) => !s);
                  setPaused(false);
                }}
                className={fs.carouselPause}
              >
                {stopped ? <PlayGlyph /> : <PauseGlyph />}
              </button>
            )}
            {Array.from({ length: positions }, (_, i) => (
              <button
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
                key={i}
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === current}
                onClick={() => setIndex(i)}
                className={i === current ? fs.dotCurrent : fs.dot}
              />
            ))}
          </div>
        </>
      )}
    </section>
  );
};

// MUI's IconButton as the ButtonBase it is built on: the ripple centred, and on keyboard focus too.
const ArrowButton = ({
  side,
  label,
  onClick,
}: {
  side: "left" | "right";
  label: string;
  onClick: () => void;
}) => (
  <PlainButtonBase
    centerRipple
    focusRipple
    aria-label={label}
    onClick={onClick}
    className={side === "left" ? fs.arrowLeft : fs.arrowRight}
  >
    <span aria-hidden="true" className={fs.arrowGlyph}>
      {side === "left" ? "‹" : "›"}
    </span>
  </PlainButtonBase>
);

// The pause and play signs, 12 px in the button's 24 (Material's pause and play_arrow paths).
const glyph = (d: string) => () => (
  <svg viewBox="0 0 24 24" width="12" height="12" fill="currentColor" aria-hidden="true">
    <path d={d} />
  </svg>
);
const PauseGlyph = glyph("M6 19h4V5H6v14zm8-14v14h4V5h-4z");
const PlayGlyph = glyph("M8 5v14l11-7z");
