import { z } from "zod";
import { ORDER_STATUSES } from "./status.ts";

/**
 * The admin orders page's filters (query string, and the page's own URL so a view can be shared).
 * Each one is served by an index of the orders read model (readModel.ts); see `customerTerm` for
 * how the customer search picks its field.
 */
const IstDay = z.iso.date({ error: "Use a date like 2025-06-01" });

export const OrderFilters = z.object({
  status: z.coerce
    .number({ error: "Unknown order status" })
    .int()
    .refine((s) => (ORDER_STATUSES as readonly number[]).includes(s), { error: "Unknown order status" })
    .optional(),
  /** First and last day, inclusive, in India Standard Time. */
  from: IstDay.optional(),
  to: IstDay.optional(),
  school: z.uuid({ error: "Unknown school" }).optional(),
  /** A customer's name (its start), e-mail (with `@`, its start) or phone (digits, its start). */
  customer: z.string().trim().min(1).max(100, { error: "Search for at most 100 characters" }).optional(),
  /** The start of the order id as shown (`#1a2b3c4d`, the id's last 8), or the whole id. */
  orderId: z
    .string()
    .trim()
    .regex(/^#?([0-9a-f]{1,8}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/i, {
      error: "An order id is up to 8 characters of 0-9 and a-f, or the whole id",
    })
    .optional(),
});
export type OrderFilters = z.infer<typeof OrderFilters>;
export const ORDER_FILTER_KEYS = ["status", "from", "to", "school", "customer", "orderId"] as const;

/** `from`/`to` (IST days) as the UTC instants the `placedAt` range is compared with. */
export const istDayStart = (day: string): string => new Date(`${day}T00:00:00.000+05:30`).toISOString();
export const istDayAfter = (day: string): string =>
  new Date(Date.parse(`${day}T00:00:00.000+05:30`) + 86_400_000).toISOString();

/** What the read model keeps of a customer for the search: each field in its compared form. */
export interface CustomerKeys {
  name: string;
  email: string;
  phone: string;
}

/**
 * Indian numbers compare without the country code and the trunk 0: `+91 98450 12345` and
 * `098450 12345` are `9845012345`, `080 2222 3333` is `8022223333`.
 */
const phoneDigits = (s: string): string => {
  let digits = s.replace(/\D/g, "");
  if (s.trim().startsWith("+91") || (digits.length > 10 && digits.startsWith("91"))) digits = digits.slice(2);
  return digits.replace(/^0+/, "");
};

export const customerKeysOf = (c: { name: string; email: string; contact: string }): CustomerKeys => ({
  name: c.name.trim().toLowerCase(),
  email: c.email.trim().toLowerCase(),
  phone: phoneDigits(c.contact),
});

/**
 * Which key a search term is compared with, and the prefix: with `@` the e-mail, only digits
 * (spaces, `+`, `-` allowed) the phone, else the name. One field per term keeps it one index range.
 */
export const customerTerm = (term: string): { field: keyof CustomerKeys; prefix: string } => {
  const t = term.trim().toLowerCase();
  if (t.includes("@")) return { field: "email", prefix: t };
  if (/^[\d\s+()-]+$/.test(t) && /\d/.test(t)) return { field: "phone", prefix: phoneDigits(t) };
  return { field: "name", prefix: t };
};

/** The order-id filter as a prefix of the short id, or the whole id. */
export const orderIdTerm = (term: string): { field: "shortId" | "id"; value: string } => {
  const t = term.trim().toLowerCase().replace(/^#/, "");
  return t.length > 8 ? { field: "id", value: t } : { field: "shortId", value: t };
};
