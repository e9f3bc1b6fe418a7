import { formatIstDate, formatIstDateTime } from "./ist.ts";

/**
 * One time rule on every screen, the receipt included: India Standard Time whatever the browser's
 * zone, times labelled "IST" (the order timeline and the admin's audit history agree).
 * Spec §9: day (two digits), month name, year.
 */
export const formatDate = formatIstDate;
export const formatDateTime = formatIstDateTime;

/** Spec §5: titles longer than 16 characters are cut to 25 characters plus '...'. */
export const cutTitle = (title: string): string => (title.length > 16 ? `${title.slice(0, 25)}...` : title);

export const DEFAULT_BOOK_IMAGE = "/default-book.svg";

/** Spec §5: a book image path starting with the letter 'u' is replaced by a default book picture. */
export const bookImage = (url: string | undefined): string =>
  !url || url.startsWith("u") ? DEFAULT_BOOK_IMAGE : url;
