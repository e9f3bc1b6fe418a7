/**
 * MUI's Button as this app's first screen uses it (size medium, `disableElevation` from the theme),
 * as rules for the ButtonBase it is built on: `<ButtonBase focusRipple sx={[buttonBase, textInherit]}>`
 * draws what `<Button color="inherit">` draws, ripple and focus ripple included, without Button's
 * own code in the first page's script. The values are those MUI generates from this shop's theme
 * (theme.typography.button, shape.borderRadius 8, the palette's action and success colours).
 */
const buttonBase = {
  fontFamily: '"Roboto","Helvetica","Arial",sans-serif',
  fontWeight: 500,
  fontSize: "0.875rem",
  lineHeight: 1.75,
  letterSpacing: "0.02857em",
  textTransform: "uppercase",
  minWidth: 64,
  padding: "6px 16px",
  // A string: sx turns the number 0 into "0px solid".
  border: "0",
  borderRadius: "8px",
  transition:
    "background-color 250ms cubic-bezier(0.4, 0, 0.2, 1) 0ms,box-shadow 250ms cubic-bezier(0.4, 0, 0.2, 1) 0ms,border-color 250ms cubic-bezier(0.4, 0, 0.2, 1) 0ms,color 250ms cubic-bezier(0.4, 0, 0.2, 1) 0ms",
  // disableElevation: no shadow in any state.
  boxShadow: "none",
  "&:hover": { textDecoration: "none", boxShadow: "none" },
  "&.Mui-focusVisible": { boxShadow: "none" },
  "&:active": { boxShadow: "none" },
  "&.Mui-disabled": { color: "rgba(0, 0, 0, 0.26)", boxShadow: "none" },
} as const;

/** `<Button color="inherit">` (variant text). */
export const textInherit = [
  buttonBase,
  {
    padding: "6px 8px",
    color: "inherit",
    backgroundColor: "var(--variant-textBg)",
    borderColor: "currentColor",
    "--variant-containedBg": "#e0e0e0",
    "@media (hover: hover)": {
      "&:hover": {
        "--variant-containedBg": "#f5f5f5",
        "--variant-textBg": "rgba(0, 0, 0, 0.04)",
        "--variant-outlinedBg": "rgba(0, 0, 0, 0.04)",
      },
    },
  },
] as const;

/** `<Button variant="contained" color="success">`. */
export const containedSuccess = [
  buttonBase,
  {
    color: "var(--variant-containedColor)",
    backgroundColor: "var(--variant-containedBg)",
    "--variant-textColor": "#2e7d32",
    "--variant-outlinedColor": "#2e7d32",
    "--variant-outlinedBorder": "rgba(46, 125, 50, 0.5)",
    "--variant-containedColor": "#fff",
    "--variant-containedBg": "#2e7d32",
    "&.Mui-disabled": { backgroundColor: "rgba(0, 0, 0, 0.12)" },
    "@media (hover: hover)": {
      "&:hover": {
        "--variant-containedBg": "#1b5e20",
        "--variant-textBg": "rgba(46, 125, 50, 0.04)",
        "--variant-outlinedBorder": "#2e7d32",
        "--variant-outlinedBg": "rgba(46, 125, 50, 0.04)",
      },
    },
  },
] as const;

/** The span Button puts its `startIcon` in. */
export const startIcon = {
  display: "inherit",
  alignItems: "center",
  marginRight: "8px",
  marginLeft: "-4px",
  "&::before": { content: '"\\200b"', width: 0, overflow: "hidden" },
  "& > *:nth-of-type(1)": { fontSize: 20 },
} as const;
