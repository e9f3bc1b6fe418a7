const date = new Intl.DateTimeFormat("en-IN", { day: "2-digit", month: "long", year: "numeric" });
const dateTime = new Intl.DateTimeFormat("en-IN", { dateStyle: "medium", timeStyle: "short" });

/** Spec §9: day (two digits), month name, year. */
export const formatDate = (iso: string): string => date.format(new Date(iso));
export const formatDateTime = (iso: string): string => dateTime.format(new Date(iso));

/** Spec §5: titles longer than 16 characters are cut to 25 characters plus '...'. */
export const cutTitle = (title: string): string => (title.length > 16 ? `${title.slice(0, 25)}...` : title);

export const DEFAULT_BOOK_IMAGE = "/default-book.svg";

/** Spec §5: a book image path starting with the letter 'u' is replaced by a default book picture. */
export const bookImage = (url: string | undefined): string =>
  !url || url.startsWith("u") ? DEFAULT_BOOK_IMAGE : url;
