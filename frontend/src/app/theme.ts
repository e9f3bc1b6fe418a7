import { createTheme } from "@mui/material/styles";

// A plain theme: no `cssVariables`, no `colorSchemes` (vite.config.ts leaves MUI's CSS-variables
// theme code out of the build, and fails the build if this asks for it).
const COARSE = "@media (pointer: coarse)";
const TAP = { minHeight: 44, minWidth: 44 };

/**
 * A keyboard's focus is a 2 px ring around what it reached (WCAG 2.4.7/2.4.11): MUI draws it only
 * as a ripple's faint background, which forced colours (Windows' high contrast) remove. In the
 * text's own colour (white on the header's bar, blue on a text button); a contained button's ring
 * is the dark text colour, as its own text is white on its fill.
 */
const FOCUS_RING = { "&.Mui-focusVisible": { outline: "2px solid currentColor", outlineOffset: 2 } };
/** Rows of a list or menu draw it inside, where their list's edge would clip it. */
const FOCUS_RING_INSIDE = { "&.Mui-focusVisible": { outlineOffset: -2 } };

export const theme = createTheme({
  palette: {
    primary: { main: "#1565c0" },
    secondary: { main: "#ef6c00" },
    background: { default: "#f7f8fa" },
  },
  shape: { borderRadius: 8 },
  components: {
    // On a touch screen every button is at least 44 × 44 CSS px (WCAG 2.5.5; Apple's and Android's
    // guides ask 44 pt / 48 dp): a 31 px Add to Cart or a 23 px quantity step is missed by a thumb.
    MuiButtonBase: { styleOverrides: { root: FOCUS_RING } },
    MuiButton: {
      defaultProps: { disableElevation: true },
      styleOverrides: {
        root: { [COARSE]: TAP },
        contained: { "&.Mui-focusVisible": { outlineColor: "rgba(0, 0, 0, 0.87)" } },
      },
    },
    MuiListItemButton: { styleOverrides: { root: FOCUS_RING_INSIDE } },
    MuiMenuItem: { styleOverrides: { root: FOCUS_RING_INSIDE } },
    // The selected tab's underline is a background, which forced colours remove: drawn in the
    // system's highlight colour there.
    MuiTabs: {
      styleOverrides: {
        indicator: {
          "@media (forced-colors: active)": { forcedColorAdjust: "none", backgroundColor: "Highlight" },
        },
      },
    },
    MuiIconButton: { styleOverrides: { root: { [COARSE]: TAP } } },
    // …and a small one-line field (the rider's OTP, a user's role, the order filters) 44 px high, not
    // 40: 2 px more above and below its text, and its resting label kept in the middle.
    MuiOutlinedInput: {
      styleOverrides: {
        root: {
          [COARSE]: {
            "&.MuiInputBase-sizeSmall:not(.MuiInputBase-multiline) .MuiOutlinedInput-input": {
              paddingTop: "10.5px",
              paddingBottom: "10.5px",
            },
          },
        },
      },
    },
    MuiInputLabel: {
      styleOverrides: {
        root: {
          [COARSE]: {
            "&.MuiInputLabel-outlined.MuiInputLabel-sizeSmall:not(.MuiInputLabel-shrink)": {
              transform: "translate(14px, 11px) scale(1)",
            },
          },
        },
      },
    },
  },
});
