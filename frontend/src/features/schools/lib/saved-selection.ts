import { useCallback, useState } from "react";

/** A school page's class filter and ticked books. */
export interface SchoolSelection {
  bookClass: number | "all";
  selected: readonly string[];
}

const EMPTY: SchoolSelection = { bookClass: "all", selected: [] };
const keyFor = (schoolId: string) => `school-selection:${schoolId}`;

const load = (key: string): SchoolSelection => {
  try {
    const raw: unknown = JSON.parse(globalThis.sessionStorage?.getItem(key) ?? "null");
    if (typeof raw !== "object" || raw === null) return EMPTY;
    const { bookClass, selected } = raw as Record<string, unknown>;
    const classOk = bookClass === "all" || (typeof bookClass === "number" && Number.isInteger(bookClass));
    const selectedOk = Array.isArray(selected) && selected.every((s) => typeof s === "string");
    return classOk && selectedOk ? { bookClass, selected } : EMPTY;
  } catch {
    return EMPTY;
  }
};

/**
 * The selection, kept in this tab's session storage per school: a visitor who ticks books, presses
 * Buy Now and is sent to log in or sign up comes back to the same books ticked.
 */
export const useSavedSelection = (schoolId: string) => {
  const key = keyFor(schoolId);
  const [selection, setSelection] = useState<SchoolSelection>(() => load(key));
  const update = useCallback(
    (next: SchoolSelection) => {
      setSelection(next);
      try {
        sessionStorage.setItem(key, JSON.stringify(next));
      } catch {
        // Storage full or disabled: the selection still works for this visit.
      }
    },
    [key],
  );
  const clear = useCallback(() => {
    setSelection(EMPTY);
    try {
      sessionStorage.removeItem(key);
    } catch {
      // Nothing was stored.
    }
  }, [key]);
  return { selection, update, clear };
};
