/**
 * Read by screen readers, drawn nowhere (sx). Strings: in sx the numbers 0–1 are fractions, and
 * `width: 1` would be 100% (it once made the order page scroll sideways on phones).
 */
export const screenReaderOnly = {
  position: "absolute",
  width: "1px",
  height: "1px",
  overflow: "hidden",
  clip: "rect(0 0 0 0)",
  whiteSpace: "nowrap",
} as const;
