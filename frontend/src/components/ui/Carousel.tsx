import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import { alpha, type Theme } from "@mui/material/styles";
import type { SystemStyleObject } from "@mui/system";
import { type ReactNode, useEffect, useState } from "react";

interface CarouselProps {
  label: string;
  slides: ReactNode[];
  /** Slides visible at once. */
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
 * pointer or focus is inside, slides out of view made inert so the keyboard skips them.
 */
export const Carousel = ({ label, slides, perView = 1, autoplayMs, transitionMs = 1000 }: CarouselProps) => {
  const view = Math.max(1, Math.min(perView, slides.length));
  const positions = Math.max(1, slides.length - view + 1);
  const [index, setIndex] = useState(0);
  const [paused, setPaused] = useState(false);
  const current = Math.min(index, positions - 1);

  useEffect(() => {
    if (!autoplayMs || paused || positions < 2 || reducedMotion()) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % positions), autoplayMs);
    return () => clearInterval(timer);
  }, [autoplayMs, paused, positions]);

  const go = (step: number) => setIndex((current + step + positions) % positions);

  return (
    <Box
      component="section"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
      sx={{ position: "relative", overflow: "hidden", mx: view > 1 ? -1 : 0 }}
    >
      <Box
        data-testid="carousel-track"
        sx={{ display: "flex" }}
        // Inline: a new emotion class per position would pile up in the style sheet.
        style={{
          transform: `translateX(-${(current * 100) / view}%)`,
          transition: `transform ${transitionMs}ms ease`,
        }}
      >
        {slides.map((slide, i) => {
          const visible = i >= current && i < current + view;
          return (
            <Box
              // biome-ignore lint/suspicious/noArrayIndexKey: slides are positional
              key={i}
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${slides.length}`}
              aria-hidden={!visible}
              inert={!visible}
              sx={{ flex: `0 0 ${100 / view}%`, minWidth: 0, px: view > 1 ? 1 : 0, boxSizing: "border-box" }}
            >
              {slide}
            </Box>
          );
        })}
      </Box>
      {positions > 1 && (
        <>
          <ArrowButton side="left" label="Previous slide" onClick={() => go(-1)} />
          <ArrowButton side="right" label="Next slide" onClick={() => go(1)} />
          <Box sx={{ display: "flex", justifyContent: "center", gap: 1, mt: 1 }}>
            {Array.from({ length: positions }, (_, i) => (
              <Box
                // biome-ignore lint/suspicious/noArrayIndexKey: dots are positional
                key={i}
                component="button"
                type="button"
                aria-label={`Go to slide ${i + 1}`}
                aria-current={i === current}
                onClick={() => setIndex(i)}
                sx={{
                  width: 10,
                  height: 10,
                  p: 0,
                  border: 0,
                  borderRadius: "50%",
                  cursor: "pointer",
                  bgcolor: i === current ? "primary.main" : "grey.400",
                }}
              />
            ))}
          </Box>
        </>
      )}
    </Box>
  );
};

// MUI's IconButton (medium, default colour) as the ButtonBase it is built on, with its rules (the
// theme's action colours, read from the theme as IconButton reads them): IconButton's own code is not part of the first page's script. The ripple
// is ButtonBase's, centred and on keyboard focus too, as IconButton asks for it.
const iconButton = (theme: Theme): SystemStyleObject<Theme> => ({
  textAlign: "center",
  flex: "0 0 auto",
  fontSize: theme.typography.pxToRem(24),
  padding: "8px",
  borderRadius: "50%",
  color: theme.palette.action.active,
  transition: theme.transitions.create("background-color", { duration: theme.transitions.duration.shortest }),
  "--IconButton-hoverBg": alpha(theme.palette.action.active, theme.palette.action.hoverOpacity),
  "&:hover": {
    backgroundColor: "var(--IconButton-hoverBg)",
    "@media (hover: none)": { backgroundColor: "transparent" },
  },
  "&.Mui-disabled": { backgroundColor: "transparent", color: theme.palette.action.disabled },
});

const ArrowButton = ({
  side,
  label,
  onClick,
}: {
  side: "left" | "right";
  label: string;
  onClick: () => void;
}) => (
  <ButtonBase
    centerRipple
    focusRipple
    aria-label={label}
    onClick={onClick}
    sx={[
      iconButton,
      {
        position: "absolute",
        top: "calc(50% - 32px)",
        // Phones move with the dots: the arrows would cover the slide's text.
        display: { xs: "none", sm: "inline-flex" },
        [side]: 8,
        bgcolor: "rgba(255,255,255,0.85)",
        boxShadow: 1,
        "&:hover": { bgcolor: "common.white" },
      },
    ]}
  >
    <Box component="span" aria-hidden="true" sx={{ fontSize: 22, lineHeight: 1, width: 24 }}>
      {side === "left" ? "‹" : "›"}
    </Box>
  </ButtonBase>
);
