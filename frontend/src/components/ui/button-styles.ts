import { alpha, type Theme } from "@mui/material/styles";
import type { SystemStyleObject } from "@mui/system";

/**
 * MUI's Button as this app's first screen uses it (size medium, `disableElevation` from the theme),
 * as rules for the ButtonBase it is built on: `<ButtonBase focusRipple sx={[buttonBase, textInherit]}>`
 * draws what `<Button color="inherit">` draws, ripple and focus ripple included, without Button's
 * own code in the first page's script. The values are read from the theme as MUI's Button reads them
 * (typography.button, shape.borderRadius, transitions, the palette's action, grey and success colours),
 * so a change of the theme reaches these buttons too.
 */
const buttonBase = (theme: Theme): SystemStyleObject<Theme> => ({
  ...(theme.typography.button as SystemStyleObject<Theme>),
  minWidth: 64,
  padding: "6px 16px",
  // A string: sx turns the number 0 into "0px solid".
  border: "0",
  borderRadius: `${theme.shape.borderRadius}px`,
  transition: theme.transitions.create(["background-color", "box-shadow", "border-color", "color"], {
    duration: theme.transitions.duration.short,
  }),
  // disableElevation: no shadow in any state.
  boxShadow: "none",
  "&:hover": { textDecoration: "none", boxShadow: "none" },
  "&.Mui-focusVisible": { boxShadow: "none" },
  "&:active": { boxShadow: "none" },
  "&.Mui-disabled": { color: theme.palette.action.disabled, boxShadow: "none" },
});

/** `<Button color="inherit">` (variant text). */
export const textInherit = [
  buttonBase,
  (theme: Theme): SystemStyleObject<Theme> => {
    const hover = alpha(theme.palette.text.primary, theme.palette.action.hoverOpacity);
    return {
      padding: "6px 8px",
      color: "inherit",
      backgroundColor: "var(--variant-textBg)",
      borderColor: "currentColor",
      "--variant-containedBg": theme.palette.grey[300],
      "@media (hover: hover)": {
        "&:hover": {
          "--variant-containedBg": theme.palette.grey.A100,
          "--variant-textBg": hover,
          "--variant-outlinedBg": hover,
        },
      },
    };
  },
] as const;

/** `<Button variant="contained" color="success">`. */
export const containedSuccess = [
  buttonBase,
  (theme: Theme): SystemStyleObject<Theme> => {
    const { main, dark, contrastText } = theme.palette.success;
    const hover = alpha(main, theme.palette.action.hoverOpacity);
    return {
      color: "var(--variant-containedColor)",
      backgroundColor: "var(--variant-containedBg)",
      "--variant-textColor": main,
      "--variant-outlinedColor": main,
      "--variant-outlinedBorder": alpha(main, 0.5),
      "--variant-containedColor": contrastText,
      "--variant-containedBg": main,
      "&.Mui-disabled": { backgroundColor: theme.palette.action.disabledBackground },
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
export const startIcon = {
  display: "inherit",
  alignItems: "center",
  marginRight: "8px",
  marginLeft: "-4px",
  "&::before": { content: '"\\200b"', width: 0, overflow: "hidden" },
  "& > *:nth-of-type(1)": { fontSize: 20 },
} as const;
