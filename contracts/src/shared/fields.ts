import { z } from "zod";

/** Field rules of API.md "Conventions", shared by command-api and the frontend's forms. */
export const text = (max: number) => z.string().trim().min(1).max(max);
export const Name = text(100);
export const Address = text(500);
export const Title = text(200);
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
export const Uuid = z.uuid();
export const Paise = z.number().int().min(0).max(100_000_000);
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
