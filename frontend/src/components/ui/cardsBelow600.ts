import { screenReaderOnly } from "./screenReaderOnly.ts";

/** Below 600 px each row is a card: one line per column, its header beside the value. */
export const cardsBelow600 = {
  "@media (max-width: 599.95px)": {
    "& thead": screenReaderOnly,
    "& tbody, & tr, & td": { display: "block" },
    "& tr": { border: 1, borderColor: "divider", borderRadius: 1, mb: 1.5, px: 1.5, py: 1 },
    "& td": {
      display: "flex",
      justifyContent: "space-between",
      alignItems: "center",
      gap: 2,
      borderBottom: "none",
      px: 0,
      py: 0.5,
      textAlign: "right",
      overflowWrap: "anywhere",
    },
    "& td::before": {
      content: "attr(data-label)",
      fontWeight: 600,
      textAlign: "left",
      flexShrink: 0,
    },
  },
} as const;
