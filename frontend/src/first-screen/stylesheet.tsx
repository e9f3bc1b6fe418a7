/**
 * BUILD TIME ONLY (vite.config.ts `firstScreenStylesheet`, never imported by the app): the rules of
 * the first screen's plain elements (./classes.ts), generated from the MUI elements they stand for.
 *
 * Each entry below is the element the component drew before it became plain (a Box, ButtonBase or
 * CardActionArea with its `sx`), rendered on the server with the app's theme (app/theme.ts) inside an
 * emotion cache; the rules emotion writes for its class are taken as they are, under the fixed
 * class name. CssBaseline's global rules come the same way. So the stylesheet holds exactly what MUI
 * and emotion put in the page for these elements, and a change of the theme, of an `sx` here, or of
 * MUI reaches it at the next build. What a component must keep in step by hand: the element, its
 * attributes and the class name (the comparison in e2e/src/compare-render/ checks the result).
 */
import createCache from "@emotion/cache";
import { CacheProvider } from "@emotion/react";
import Box from "@mui/material/Box";
import ButtonBase from "@mui/material/ButtonBase";
import CardActionArea from "@mui/material/CardActionArea";
import CssBaseline from "@mui/material/CssBaseline";
import { alpha, type SxProps, type Theme, ThemeProvider } from "@mui/material/styles";
import type { SystemStyleObject } from "@mui/system";
import type { ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { theme } from "../app/theme.ts";
import { screenReaderOnly } from "../components/ui/screenReaderOnly.ts";
/** Spec §9: the mobile layout applies at 992 px and below (config/shop.ts's MOBILE and DESKTOP). */
import { DESKTOP, MOBILE } from "../config/breakpoints.ts";
import { fs } from "./classes.ts";

// ---- MUI's Button as ButtonBase with its rules (formerly components/ui/button-styles.ts) ----

/**
 * MUI's Button as this app's first screen uses it (size medium, `disableElevation` from the theme),
 * as rules for the ButtonBase it is built on, read from the theme as Button reads them
 * (typography.button, shape.borderRadius, transitions, the palette's action, grey and success colours).
 */
const buttonBase = (t: Theme): SystemStyleObject<Theme> => ({
  ...(t.typography.button as SystemStyleObject<Theme>),
  minWidth: 64,
  padding: "6px 16px",
  // A string: sx turns the number 0 into "0px solid".
  border: "0",
  borderRadius: `${t.shape.borderRadius}px`,
  transition: t.transitions.create(["background-color", "box-shadow", "border-color", "color"], {
    duration: t.transitions.duration.short,
  }),
  // disableElevation: no shadow in any state.
  boxShadow: "none",
  "&:hover": { textDecoration: "none", boxShadow: "none" },
  "&.Mui-focusVisible": { boxShadow: "none" },
  "&:active": { boxShadow: "none" },
  "&.Mui-disabled": { color: t.palette.action.disabled, boxShadow: "none" },
});

/** `<Button color="inherit">` (variant text). */
const textInherit = [
  buttonBase,
  (t: Theme): SystemStyleObject<Theme> => {
    const hover = alpha(t.palette.text.primary, t.palette.action.hoverOpacity);
    return {
      padding: "6px 8px",
      color: "inherit",
      backgroundColor: "var(--variant-textBg)",
      borderColor: "currentColor",
      "--variant-containedBg": t.palette.grey[300],
      "@media (hover: hover)": {
        "&:hover": {
          "--variant-containedBg": t.palette.grey.A100,
          "--variant-textBg": hover,
          "--variant-outlinedBg": hover,
        },
      },
    };
  },
] as const;

/** `<Button variant="contained" color="success">`. */
const containedSuccess = [
  buttonBase,
  (t: Theme): SystemStyleObject<Theme> => {
    const { main, dark, contrastText } = t.palette.success;
    const hover = alpha(main, t.palette.action.hoverOpacity);
    return {
      color: "var(--variant-containedColor)",
      backgroundColor: "var(--variant-containedBg)",
      "--variant-textColor": main,
      "--variant-outlinedColor": main,
      "--variant-outlinedBorder": alpha(main, 0.5),
      "--variant-containedColor": contrastText,
      "--variant-containedBg": main,
      "&.Mui-disabled": { backgroundColor: t.palette.action.disabledBackground },
      "@media (hover: hover)": {
        "&:hover": {
          "--variant-containedBg": dark,
          "--variant-textBg": hover,
          "--variant-outlinedBorder": main,
          "--variant-outlinedBg": hover,
        },
      },
    };
  },
] as const;

/** The span Button puts its `startIcon` in. */
const startIcon = {
  display: "inherit",
  alignItems: "center",
  marginRight: "8px",
  marginLeft: "-4px",
  "&::before": { content: '"\\200b"', width: 0, overflow: "hidden" },
  "& > *:nth-of-type(1)": { fontSize: 20 },
} as const;

// ---- AppLayout ----

const pageLoadingBar = {
  height: "100%",
  width: "40%",
  bgcolor: "primary.main",
  "@keyframes page-loading": {
    from: { transform: "translateX(-100%)" },
    to: { transform: "translateX(250%)" },
  },
  animation: "page-loading 1.2s ease-in-out infinite",
} as const;

/**
 * "Skip to main content": above the bar's top left corner, out of sight, until the keyboard reaches
 * it (the page's first tab stop); absolute, so drawing it moves nothing.
 */
const skipLink = {
  position: "absolute",
  top: 8,
  left: 8,
  zIndex: "tooltip",
  px: 2,
  py: 1,
  typography: "button",
  bgcolor: "background.paper",
  color: "primary.main",
  borderRadius: 1,
  boxShadow: 3,
  transform: "translateY(-200%)",
  "&:focus": { transform: "none", outline: "2px solid", outlineOffset: 2 },
} as const;

/** MUI's visuallyHidden, as @mui/utils has it. */
const visuallyHidden = {
  border: 0,
  clip: "rect(0 0 0 0)",
  height: "1px",
  margin: "-1px",
  overflow: "hidden",
  padding: 0,
  position: "absolute",
  whiteSpace: "nowrap",
  width: "1px",
} as const;

/** MUI's Container (maxWidth lg). */
const main = {
  width: "100%",
  mx: "auto",
  boxSizing: "border-box",
  px: { xs: 2, sm: 3 },
  maxWidth: { lg: 1200 },
  flexGrow: 1,
  py: 3,
  // Focused (tabIndex -1) by the skip link and after a navigation, never by Tab: no ring around the page.
  "&:focus": { outline: "none" },
} as const;

// ---- NavBar ----

// Round icon buttons: Button color="inherit" made round. flexShrink 0: a long user name shrinks, never the icons.
/** On a touch screen the bar's buttons are a thumb's 44 px, as MUI's IconButton is in the theme. */
const COARSE_TAP = { "@media (pointer: coarse)": { minWidth: 44, minHeight: 44 } } as const;

const iconButton = [
  ...textInherit,
  { minWidth: 0, p: 1, borderRadius: "50%", flexShrink: 0 },
  COARSE_TAP,
] as const;

/** MUI's AppBar position="sticky" elevation={0}. */
const appBar = {
  display: "flex",
  flexDirection: "column",
  width: "100%",
  boxSizing: "border-box",
  flexShrink: 0,
  position: "sticky",
  zIndex: "appBar",
  top: 0,
  left: "auto",
  right: 0,
  bgcolor: "primary.main",
  color: "primary.contrastText",
  transition: "box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
  // A phone held sideways (360 px high) with its keyboard up: a sticky 116 px bar would cover the
  // field being typed in, so there the bar scrolls away with the page.
  "@media (max-height: 500px)": { position: "static" },
} as const;

/** MUI's Toolbar. */
const toolbar: SxProps<Theme> = (t) => ({
  position: "relative",
  display: "flex",
  alignItems: "center",
  // Toolbar's own heights: 56 px, 48 in landscape, 64 from 600 px.
  ...(t.mixins.toolbar as object),
  gap: { xs: 0.5, sm: 1 },
  px: { xs: 1, sm: 2 },
});

/** MUI's Link with color="inherit" underline="none"; the brand keeps its whole name on a phone. */
const brand = {
  m: 0,
  typography: "h6",
  color: "inherit",
  textDecoration: "none",
  fontWeight: 700,
  whiteSpace: "nowrap",
  flexShrink: 0,
  fontSize: { xs: "1rem", sm: "1.25rem" },
} as const;

const userName = {
  m: 0,
  typography: "body1",
  minWidth: 0,
  maxWidth: { xs: 110, sm: 160 },
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
  // Under 360 px the bar has room for one letter and an ellipsis ("V…"): drawn nowhere there, still
  // read out (the profile button beside it stays).
  "@media (max-width: 359.95px)": screenReaderOnly,
} as const;

// ---- SearchBox ----

const searchForm = {
  display: "flex",
  alignItems: "center",
  bgcolor: "rgba(255,255,255,0.16)",
  borderRadius: 1,
  px: 1,
  // A white ring where the keyboard (or a tap) is: the lighter fill alone was hard to see.
  "&:focus-within": { bgcolor: "rgba(255,255,255,0.26)", outline: "2px solid #fff", outlineOffset: 1 },
  // Forced colours drop the fill, the box's only edge: a thin ring there (the focus's stays 2 px).
  "@media (forced-colors: active)": { "&:not(:focus-within)": { outline: "1px solid CanvasText" } },
} as const;

const searchInput = {
  flexGrow: 1,
  minWidth: 0,
  border: 0,
  outline: 0,
  bgcolor: "transparent",
  color: "inherit",
  font: "inherit",
  py: 1,
  "&::placeholder": { color: "inherit", opacity: 0.75 },
} as const;

const searchSubmit = {
  display: "flex",
  border: 0,
  bgcolor: "transparent",
  color: "inherit",
  cursor: "pointer",
  p: 0.5,
  // 32 px across otherwise: a thumb's 44 on a touch screen.
  "@media (pointer: coarse)": { minWidth: 44, minHeight: 44, justifyContent: "center", alignItems: "center" },
} as const;

// ---- HomeRoute, HomeSection ----

const categoryChip = {
  px: 2,
  py: 0.75,
  borderRadius: 4,
  bgcolor: "common.white",
  border: 1,
  borderColor: "divider",
  whiteSpace: "nowrap",
  fontSize: 14,
} as const;

// ---- PromotionBanner ----

const BANNER_HEIGHT = { xs: 220, md: 320 };

const promoSlide = {
  display: "grid",
  gridTemplateColumns: { xs: "1fr 120px", sm: "1fr 200px", md: "1fr 320px" },
  gridTemplateRows: "100%",
  alignItems: "center",
  height: BANNER_HEIGHT,
  borderRadius: 2,
  overflow: "hidden",
  color: "common.white",
  background: "linear-gradient(120deg, #0d47a1 0%, #1565c0 55%, #ef6c00 100%)",
} as const;

const promoTitle = {
  m: 0,
  typography: "body1",
  fontWeight: 800,
  fontSize: { xs: "1.3rem", md: "2.4rem" },
  lineHeight: 1.15,
} as const;

const promoDescription = {
  m: 0,
  typography: "body1",
  mt: 1,
  fontSize: { xs: "0.85rem", md: "1.1rem" },
  opacity: 0.92,
  display: "-webkit-box",
  WebkitLineClamp: { xs: 4, md: 3 },
  WebkitBoxOrient: "vertical",
  overflow: "hidden",
} as const;

const promoImage = {
  width: "100%",
  height: "100%",
  objectFit: "contain",
  p: { xs: 1, md: 2 },
  boxSizing: "border-box",
} as const;

// ---- Carousel ----

/** MUI's IconButton (medium, default colour), as IconButton reads the theme. */
const carouselIconButton = (t: Theme): SystemStyleObject<Theme> => ({
  textAlign: "center",
  flex: "0 0 auto",
  fontSize: t.typography.pxToRem(24),
  padding: "8px",
  borderRadius: "50%",
  color: t.palette.action.active,
  transition: t.transitions.create("background-color", { duration: t.transitions.duration.shortest }),
  "--IconButton-hoverBg": alpha(t.palette.action.active, t.palette.action.hoverOpacity),
  "&:hover": {
    backgroundColor: "var(--IconButton-hoverBg)",
    "@media (hover: none)": { backgroundColor: "transparent" },
  },
  "&.Mui-disabled": { backgroundColor: "transparent", color: t.palette.action.disabled },
});

const arrow = (side: "left" | "right") =>
  [
    carouselIconButton,
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
  ] as const;

/**
 * A dot is drawn 10 px wide, but its button is 24 × 24 px (WCAG 2.2's least target size; axe's
 * target-size): the dot is its ::before, centred, and the buttons touch, 24 px centre to centre.
 */
const dot = (current: boolean) =>
  ({
    width: 24,
    height: 24,
    p: 0,
    border: 0,
    bgcolor: "transparent",
    cursor: "pointer",
    "&::before": {
      content: '""',
      display: "block",
      width: 10,
      height: 10,
      m: "auto",
      borderRadius: "50%",
      bgcolor: current ? "primary.main" : "grey.400",
    },
    // Forced colours drop backgrounds, and the dots were drawn by their fill alone: there they
    // vanished. A ring in the buttons' text colour instead, the current slide's filled.
    "@media (forced-colors: active)": {
      "&::before": {
        forcedColorAdjust: "none",
        boxSizing: "border-box",
        border: "1px solid ButtonText",
        bgcolor: current ? "ButtonText" : "Canvas",
      },
    },
  }) as const;

/** The Pause/Play button before the dots: 24 × 24 px (WCAG 2.2's least target size), as a dot's. */
const carouselPause = {
  width: 24,
  height: 24,
  p: 0,
  border: 0,
  borderRadius: "50%",
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  bgcolor: "transparent",
  color: "text.secondary",
  cursor: "pointer",
  "&:hover": { color: "text.primary" },
} as const;

const slide = (view: number) =>
  ({ flex: `0 0 ${100 / view}%`, minWidth: 0, px: view > 1 ? 1 : 0, boxSizing: "border-box" }) as const;

// ---- SchoolsCarousel ----

/** MUI's outlined Card. */
const schoolCard = {
  bgcolor: "background.paper",
  color: "text.primary",
  transition: "box-shadow 300ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
  borderRadius: 1,
  border: 1,
  borderColor: "divider",
  overflow: "hidden",
  height: "100%",
} as const;

const schoolImage = {
  width: "100%",
  aspectRatio: "4 / 3",
  objectFit: "cover",
  display: "block",
  bgcolor: "grey.200",
} as const;

/** Typography's body1: margin 0, the theme's body1. */
const body1 = { m: 0, typography: "body1" } as const;

/**
 * Each class name with the element it stands for: the element's emotion class gives the rules.
 * Object keys keep their order: the stylesheet's rules come in this order.
 */
const entries: Record<string, ReactElement> = {
  [fs.layout]: <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }} />,
  [fs.skipLink]: <Box component="a" sx={skipLink} />,
  [fs.main]: <Box component="main" sx={main} />,
  // MUI's visuallyHidden (@mui/utils): read by screen readers, not drawn, takes no room.
  [fs.visuallyHidden]: <Box component="h1" sx={visuallyHidden} />,
  [fs.pageLoading]: <Box sx={{ height: 4, overflow: "hidden", bgcolor: "primary.light" }} />,
  [fs.pageLoadingBar]: <Box sx={pageLoadingBar} />,
  [fs.appBar]: <Box component="header" sx={appBar} />,
  [fs.toolbar]: <Box component="nav" sx={toolbar} />,
  [fs.iconButton]: <ButtonBase focusRipple sx={iconButton} />,
  [fs.brand]: <Box component="a" sx={brand} />,
  [fs.navSearch]: <Box sx={{ flexGrow: 1, mx: 2, maxWidth: 480, [MOBILE]: { display: "none" } }} />,
  [fs.navSpacer]: <Box sx={{ flexGrow: 1, [DESKTOP]: { display: "none" } }} />,
  [fs.uploadBooklist]: (
    <ButtonBase
      focusRipple
      href="/"
      sx={[...textInherit, { whiteSpace: "nowrap", [MOBILE]: { display: "none" } }]}
    />
  ),
  [fs.signUp]: (
    <ButtonBase focusRipple href="/" sx={[...textInherit, { whiteSpace: "nowrap" }, COARSE_TAP]} />
  ),
  [fs.userName]: <Box component="span" sx={userName} />,
  [fs.userNameRest]: <Box component="span" sx={{ display: { xs: "none", sm: "inline" } }} />,
  [fs.mobileSearch]: <Box sx={{ px: 2, pb: 1.5, [DESKTOP]: { display: "none" } }} />,
  [fs.searchForm]: <Box component="form" sx={searchForm} />,
  [fs.searchInput]: <Box component="input" sx={searchInput} />,
  [fs.searchSubmit]: <Box component="button" sx={searchSubmit} />,
  // Below 600 px the chips have the row to themselves (beside the chat button they showed one and
  // a half), and the row's right edge fades to say it scrolls.
  [fs.categories]: (
    <Box
      component="nav"
      sx={{ display: "flex", flexWrap: { xs: "wrap", sm: "nowrap" }, gap: 1, mb: 2, alignItems: "center" }}
    />
  ),
  [fs.categoryChips]: (
    <Box
      sx={{
        display: "flex",
        gap: 1,
        overflowX: "auto",
        pb: 1,
        flex: { xs: "1 1 100%", sm: "1 1 0" },
        minWidth: 0,
        maskImage: { xs: "linear-gradient(to right, #000 85%, transparent)", sm: "none" },
      }}
    />
  ),
  [fs.categoryChip]: <Box component="span" sx={categoryChip} />,
  [fs.chat]: (
    <ButtonBase
      focusRipple
      href="/"
      sx={[...containedSuccess, { whiteSpace: "nowrap", flexShrink: 0, mb: 1 }]}
    />
  ),
  [fs.startIcon]: <Box component="span" sx={startIcon} />,
  [fs.section]: <Box component="section" sx={{ mt: 5 }} />,
  [fs.sectionHead]: (
    <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", mb: 2, gap: 2 }} />
  ),
  [fs.sectionTitle]: <Box component="h2" sx={{ m: 0, typography: "h5", fontWeight: 700 }} />,
  [fs.body1]: <Box component="p" sx={body1} />,
  [fs.promoPending]: (
    <Box sx={{ aspectRatio: { xs: "16 / 9", md: "3 / 1" }, bgcolor: "grey.200", borderRadius: 2 }} />
  ),
  [fs.promoLink]: <Box component="a" sx={{ display: "block", color: "inherit", textDecoration: "none" }} />,
  [fs.promoSlide]: <Box sx={promoSlide} />,
  [fs.promoText]: <Box sx={{ py: { xs: 2, md: 5 }, pl: { xs: 2, sm: 9 }, pr: 2, minWidth: 0 }} />,
  [fs.promoTitle]: <Box component="h2" sx={promoTitle} />,
  [fs.promoDescription]: <Box component="p" sx={promoDescription} />,
  [fs.promoImage]: <Box component="img" sx={promoImage} />,
  [fs.carousel]: <Box component="section" sx={{ position: "relative", overflow: "hidden", mx: 0 }} />,
  [fs.carouselMulti]: <Box component="section" sx={{ position: "relative", overflow: "hidden", mx: -1 }} />,
  [fs.carouselTrack]: <Box sx={{ display: "flex" }} />,
  "fs-slide-1": <Box sx={slide(1)} />,
  "fs-slide-2": <Box sx={slide(2)} />,
  "fs-slide-3": <Box sx={slide(3)} />,
  "fs-slide-4": <Box sx={slide(4)} />,
  // The row takes the height it took with 10 px buttons 8 px below the slides (18 px): its dots'
  // centres stay where they were, and nothing under the carousel moves.
  [fs.dots]: <Box sx={{ display: "flex", justifyContent: "center", mt: "1px", mb: "-7px" }} />,
  [fs.carouselPause]: <Box component="button" sx={carouselPause} />,
  [fs.dot]: <Box component="button" sx={dot(false)} />,
  [fs.dotCurrent]: <Box component="button" sx={dot(true)} />,
  [fs.arrowLeft]: <ButtonBase centerRipple focusRipple sx={arrow("left")} />,
  [fs.arrowRight]: <ButtonBase centerRipple focusRipple sx={arrow("right")} />,
  [fs.arrowGlyph]: <Box component="span" sx={{ fontSize: 22, lineHeight: 1, width: 24 }} />,
  [fs.schoolCard]: <Box sx={schoolCard} />,
  [fs.schoolAction]: <CardActionArea href="/" sx={{ height: "100%" }} />,
  [fs.schoolImage]: <Box component="img" sx={schoolImage} />,
  [fs.schoolContent]: <Box sx={{ p: 2, "&:last-child": { pb: 3 } }} />,
  [fs.schoolName]: <Box component="h3" sx={{ m: 0, typography: "subtitle1", fontWeight: 600 }} />,
  [fs.schoolArea]: <Box component="p" sx={{ m: 0, typography: "body2" }} />,
};

/** Class names for the class of an entry's first child (CardActionArea's focus highlight). */
const childEntries: Record<string, string> = { [fs.schoolAction]: fs.schoolActionFocus };

const render = (element: ReactElement) => {
  const cache = createCache({ key: "css" });
  cache.compat = true;
  const markup = renderToStaticMarkup(
    <CacheProvider value={cache}>
      <ThemeProvider theme={theme}>{element}</ThemeProvider>
    </CacheProvider>,
  );
  return { markup, cache };
};

/** The rules of `cache`'s class `token` (css-<id>), under the class name `name`. */
const rulesOf = (cache: ReturnType<typeof createCache>, token: string, name: string): string => {
  const id = token.slice(`${cache.key}-`.length);
  const rules = cache.inserted[id];
  if (typeof rules !== "string") throw new Error(`first-screen stylesheet: no rules for ${token}`);
  return rules.split(`.${token}`).join(`.${name}`);
};

const emotionClasses = (markup: string): string[] =>
  [...markup.matchAll(/class="([^"]*)"/g)].map((m) => {
    const tokens = (m[1] ?? "").split(" ").filter((c) => c.startsWith("css-"));
    if (tokens.length !== 1 || !tokens[0])
      throw new Error(`first-screen stylesheet: ${m[0]} has not one emotion class`);
    return tokens[0];
  });

/**
 * Asked for less motion (WCAG 2.3.3): MUI's transitions (a dialog's fade and grow, a drawer's slide,
 * a menu's, a chip's colour) end at once. They are set inline by each transition component, hence
 * `!important`. Animations that say something is loading (the page's bar, a spinner) keep moving.
 */
const REDUCED_MOTION =
  "@media (prefers-reduced-motion: reduce){*,*::before,*::after{transition-duration:0s!important;transition-delay:0s!important;scroll-behavior:auto!important}}";

/** The stylesheet: CssBaseline's global rules, then each class's, in the order above. */
export const firstScreenCss = (): string => {
  const baseline = render(<CssBaseline />);
  let css = Object.values(baseline.cache.inserted)
    .filter((rules): rules is string => typeof rules === "string")
    .join("");
  css += REDUCED_MOTION;
  const names = new Set<string>();
  for (const [root, element] of Object.entries(entries)) {
    const child = childEntries[root];
    const { markup, cache } = render(element);
    const classes = emotionClasses(markup);
    if (!classes[0] || (child && !classes[1]))
      throw new Error(`first-screen stylesheet: ${root} rendered no emotion class`);
    css += rulesOf(cache, classes[0], root);
    names.add(root);
    if (child && classes[1]) {
      css += rulesOf(cache, classes[1], child);
      names.add(child);
    }
  }
  const missing = Object.values(fs)
    .flat()
    .filter((n) => n !== "" && !names.has(n));
  if (missing.length > 0) throw new Error(`first-screen stylesheet: no entry for ${missing.join(", ")}`);
  return css;
};
