import type { SxProps, Theme } from "@mui/material/styles";
import { screenReaderOnly } from "./screenReaderOnly.ts";

const cardRow = { border: 1, borderColor: "divider", borderRadius: 1, mb: 1.5 } as const;

/**
 * A staff table that reads on any screen. Below `cardsBelowPx` each row is a card and the column
 * headers are for screen readers only: under 600 px one line per cell, its header beside the value;
 * from 600 px (tablets, phones held sideways) the cells side by side in a grid, each header above
 * its value. Above it the table: give free-text cells (names, e-mails, addresses) `breakAnywhere`,
 * so one long e-mail does not widen the table past the screen (it scrolled sideways and hid the
 * status), while short values (ids, amounts) stay whole.
 */
export const tableCards = (cardsBelowPx: number): SxProps<Theme> => ({
  [`@media (max-width: ${cardsBelowPx - 0.05}px)`]: {
    "& thead": screenReaderOnly,
    "& tbody, & tr, & td": { display: "block" },
    "& td": { borderBottom: "none", overflowWrap: "anywhere" },
    "& td::before": { content: "attr(data-label)", fontWeight: 600 },
  },
  "@media (max-width: 599.95px)": {
    "& tr": { ...cardRow, px: 1.5, py: 1 },
    "& td": {
      display: "flex",
      justifyContent: "space-between",
      alignItems: "center",
      gap: 2,
      px: 0,
      py: 0.5,
      textAlign: "right",
    },
    "& td::before": { textAlign: "left", flexShrink: 0 },
  },
  [`@media (min-width: 600px) and (max-width: ${cardsBelowPx - 0.05}px)`]: {
    "& tr": {
      ...cardRow,
      display: "grid",
      gridTemplateColumns: "repeat(auto-fill, minmax(11rem, 1fr))",
      columnGap: 2,
      rowGap: 1,
      p: 1.5,
    },
    "& td": { p: 0, minWidth: 0 },
    "& td::before": { display: "block", typography: "body2", fontWeight: 600, color: "text.secondary" },
  },
});

/** For a table cell of free text: a long word breaks where it must instead of widening the table. */
export const breakAnywhere = { overflowWrap: "anywhere" } as const;
