import { z } from "zod";

/**
 * Characters no text field takes: control characters (NUL, BEL, ESC, …; multi-line text keeps
 * line breaks and tabs); the invisible format characters (Unicode's Cf), among them the marks that
 * reorder text on screen (bidi overrides, embeddings, isolates and marks, which make `exe.png` out
 * of `gnp.exe`), zero-width spaces and word joiners (one name passing for another in staff lists)
 * and tag characters (text nobody sees); Unicode's own line and paragraph separators (U+2028,
 * U+2029: a line break in many mail and chat clients); and a lone surrogate (no character at all).
 * The zero-width non-joiner and joiner (U+200C, U+200D) stay: Indian scripts shape conjuncts with
 * them, and emoji sequences join with U+200D.
 */
const UNSEEN = /(?![\u200C\u200D])[\p{Cf}\p{Zl}\p{Zp}\p{Cs}]/u;
const CONTROL = /[\p{Cc}]/u;
const CONTROL_BUT_LINES = /[^\P{Cc}\t\n\r]/u;
export const PLAIN_TEXT_MESSAGE = "Use plain text: no control or direction characters";
const isPlainLine = (v: string) => !CONTROL.test(v) && !UNSEEN.test(v);
const isPlainText = (v: string) => !CONTROL_BUT_LINES.test(v) && !UNSEEN.test(v);

// Field rules of API.md "Conventions", shared by command-api and the frontend's forms.
/** Multi-line text (descriptions, messages): line breaks and tabs, no other control character. */
export const text = (max: number) =>
  z.string().trim().min(1).max(max).refine(isPlainText, PLAIN_TEXT_MESSAGE);
/** One line (names, addresses, titles, places): no control character at all, CR/LF included. */
export const line = (max: number) =>
  z.string().trim().min(1).max(max).refine(isPlainLine, PLAIN_TEXT_MESSAGE);
export const Name = line(100);
export const Address = line(500);
export const Title = line(200);
export const MessageText = text(2000);
export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email())
  .transform((e) => e.toLowerCase());
export const Contact = z
  .string()
  .trim()
  .min(1)
  .max(20)
  .regex(/^[0-9+\- ]+$/, "Contact may hold only digits, spaces, + and -");
export const Password = z.string().min(8, "Password must be at least 8 characters").max(200);
/**
 * Ids are UUIDs in lower case everywhere (streams, documents, rooms): every id a client sends, in a
 * path, a body, a query or a socket event, goes through `canonicalId` (or `Id`) at the edge, so
 * `ABC…` and `abc…` are one id, never a second stream.
 */
export const canonicalId = (id: string): string => id.toLowerCase();
export const Id = z.uuid().transform(canonicalId);
/** The most one price may be: ₹10,00,000. */
export const PAISE_MAX = 100_000_000;
export const Paise = z.number().int().min(0).max(PAISE_MAX);
export const Quantity = z.number().int().min(1).max(99);
export const BookClass = z.number().int().min(1).max(12);
export const IsoTime = z.iso.datetime();
/** Positions are the event store's commit positions as decimal strings, compared as BigInt. */
export const Position = z.string().regex(/^\d{1,20}$/);

export const MEDIA_FOLDERS = ["bookList", "books", "schools", "stationeries", "promotions"] as const;
export type MediaFolder = (typeof MEDIA_FOLDERS)[number];
/** Only URLs the server issued: `/media/<folder>/<name>`. */
export const MediaUrl = z
  .string()
  .regex(
    /^\/media\/(bookList|books|schools|stationeries|promotions)\/[a-z0-9][a-z0-9._-]{0,200}$/,
    "Image must be one uploaded to this shop",
  );

/**
 * A link the shop sends visitors to (a promotion's redirect): an http(s) URL without credentials,
 * or a path on this site (`/…`, never `//…` or `/\…`, which browsers read as another site). No
 * other scheme (javascript:, data:, vbscript:, file:), whitespace, control character or backslash.
 * An empty value is no link.
 */
const SITE_PATH = /^\/(?![/\\])[^\s\\\p{Cc}]*$/u;
const HTTP_URL = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?([/?#][^\s\\\p{Cc}]*)?$/iu;
export const LinkUrl = z
  .string()
  .trim()
  .max(500)
  .refine(
    (v) => v === "" || SITE_PATH.test(v) || HTTP_URL.test(v),
    "Use an http(s) link or a path on this site",
  );

/** `asha@example.com` → `a***@example.com`: enough for a rider to say where the code went. */
export const maskEmail = (email: string): string => {
  const at = email.indexOf("@");
  if (at <= 0) return "***";
  return `${email[0]}***${email.slice(at)}`;
};

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** A UUID in its canonical text form (any version), as ids and correlation ids must be. */
export const isUuid = (value: unknown): value is string =>
  typeof value === "string" && UUID_PATTERN.test(value);
/** A client's id in canonical form, or null when it is not a UUID (the same 404 as an unknown one). */
export const parseId = (value: unknown): string | null => (isUuid(value) ? canonicalId(value) : null);
