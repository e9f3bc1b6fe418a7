import { createTheme } from "@mui/material/styles";

// A plain theme: no `cssVariables`, no `colorSchemes` (vite.config.ts leaves MUI's CSS-variables
// theme code out of the build, and fails the build if this asks for it).
const COARSE = "@media (pointer: coarse)";
const TAP = { minHeight: 44, minWidth: 44 };

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
    MuiButton: { defaultProps: { disableElevation: true }, styleOverrides: { root: { [COARSE]: TAP } } },
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
