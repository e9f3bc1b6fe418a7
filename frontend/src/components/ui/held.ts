/**
 * A button whose command is on its way is held, not disabled: aria-disabled (a screen reader says
 * it is unavailable), drawn faded, and the caller ignores a press meanwhile (no second command).
 * A disabled button drops the keyboard's focus to the page, so a keyboard user's next Tab started
 * again from the top of it (the quantity steps, a cart line's Remove and the Invoice button do the same).
 */
export const heldWhile = (busy: boolean) =>
  ({ "aria-disabled": busy, sx: busy ? { opacity: 0.6, cursor: "progress" } : {} }) as const;
