import type { z } from "zod";
import { formatRupees } from "./money.ts";

/** What a field is called in an error, where its key does not say it plainly. */
const LABELS: Readonly<Record<string, string>> = {
  pricePaise: "Price",
  discountPaise: "Discount",
  expectedPayablePaise: "Order total",
  imageUrl: "Image",
  redirectUrl: "Link",
  publishedOn: "Publication date",
  schoolId: "School",
  productId: "Product",
  orderId: "Order id",
  bookListId: "Book list",
  accType: "Account type",
  otp: "OTP",
  q: "Search text",
  limit: "Limit",
};

/** `shippingAddress` → "Shipping address"; `items.0.quantity` → "Quantity of item 1". */
export const fieldLabel = (path: readonly PropertyKey[]): string => {
  const keys = path.filter((k): k is string => typeof k === "string");
  const key = keys.at(-1);
  if (key === undefined) return "This value";
  const words = key
    .replace(/Paise$/, "")
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .toLowerCase();
  const label = LABELS[key] ?? `${words.charAt(0).toUpperCase()}${words.slice(1)}`;
  const index = path.findLast((k): k is number => typeof k === "number");
  return index === undefined ? label : `${label} of item ${index + 1}`;
};

/** Marks an issue whose schema gave no message of its own (zod's default English is not shown). */
export const NO_OWN_MESSAGE = "\u0000";
/** Pass to `safeParse` so that issues without a message of their own are marked for `fieldMessage`. */
export const markDefaultMessages = { error: () => NO_OWN_MESSAGE } as const;

const plural = (n: number, one: string) => `${n} ${one}${n === 1 ? "" : "s"}`;
const isMoney = (path: readonly PropertyKey[]) => String(path.at(-1) ?? "").endsWith("Paise");
const valueAt = (input: unknown, path: readonly PropertyKey[]): unknown =>
  path.reduce<unknown>(
    (v, k) => (v !== null && typeof v === "object" ? (v as Record<PropertyKey, unknown>)[k] : undefined),
    input,
  );

type Issue = z.core.$ZodIssue;

const limitText = (issue: Issue & { origin?: string }, n: number | bigint, path: readonly PropertyKey[]) => {
  const value = Number(n);
  if (issue.origin === "string") return plural(value, "character");
  if (issue.origin === "array" || issue.origin === "set") return plural(value, "item");
  return isMoney(path) ? formatRupees(value) : String(value);
};

const sentence = (issue: Issue, input: unknown): string => {
  const label = fieldLabel(issue.path);
  switch (issue.code) {
    case "too_big": {
      const limit = limitText(issue, issue.maximum, issue.path);
      if (issue.origin === "array") return `${label} can have at most ${limit}`;
      return `${label} must be at most ${limit}`;
    }
    case "too_small": {
      if (issue.origin === "string" && Number(issue.minimum) <= 1) return `${label} must not be empty`;
      const limit = limitText(issue, issue.minimum, issue.path);
      if (issue.origin === "array") return `${label} needs at least ${limit}`;
      return issue.inclusive === false
        ? `${label} must be more than ${limit}`
        : `${label} must be at least ${limit}`;
    }
    case "invalid_type": {
      if (valueAt(input, issue.path) === undefined) return `${label} is required`;
      const kind: Record<string, string> = {
        string: "text",
        number: "a number",
        int: "a whole number",
        boolean: "true or false",
        array: "a list",
        object: "a set of fields",
      };
      return `${label} must be ${kind[issue.expected] ?? `a ${issue.expected}`}`;
    }
    case "invalid_format": {
      const format: Record<string, string> = {
        email: "a valid e-mail address",
        uuid: "a valid id",
        datetime: "a date and time",
        url: "a web address",
      };
      return `${label} must be ${format[issue.format] ?? "in the expected format"}`;
    }
    case "invalid_value":
      return `${label} must be one of: ${issue.values.map(String).join(", ")}`;
    case "unrecognized_keys":
      return `${issue.keys.length === 1 ? "Unknown field" : "Unknown fields"}: ${issue.keys.join(", ")}`;
    case "not_multiple_of":
      return `${label} must be a multiple of ${String(issue.divisor)}`;
    default:
      return `${label} is not valid`;
  }
};

/**
 * A field error as people read it: the schema's own message when it has one ("The OTP has 6
 * digits"), else a sentence naming the field and its limit ("Name must be at most 100
 * characters"), never zod's "Too big: expected string to have <=100 characters".
 */
export const fieldMessage = (issue: Issue, input: unknown): string =>
  issue.message === NO_OWN_MESSAGE || issue.message === "" ? sentence(issue, input) : issue.message;

const pathKey = (i: Issue) => i.path.map(String).join(".");

type Bound = Extract<Issue, { code: "too_big" | "too_small" }>;
const isBound = (i: Issue): i is Bound => i.code === "too_big" || i.code === "too_small";
const boundOf = (i: Bound) => Number(i.code === "too_big" ? i.maximum : i.minimum);

/**
 * Only the tightest upper and lower bound a field breaks: a whole number also carries zod's
 * safe-integer bounds (±9007199254740991), and a quantity of 1e300 was told both "at most
 * 9007199254740991" and "at most 99", a limit the shop does not have beside the one it has.
 */
const tightestBounds = (issues: readonly Issue[]): ((i: Issue) => boolean) => {
  const best = new Map<string, Bound>();
  for (const i of issues.filter(isBound)) {
    const key = `${pathKey(i)}:${i.code}`;
    const seen = best.get(key);
    const tighter = seen && (i.code === "too_big" ? boundOf(i) < boundOf(seen) : boundOf(i) > boundOf(seen));
    if (!seen || tighter) best.set(key, i);
  }
  return (i) => !isBound(i) || best.get(`${pathKey(i)}:${i.code}`) === i;
};

/**
 * Every issue of a failed parse as `errors[]` entries (API.md "Errors"). A field of the wrong type
 * says only that: zod also runs the field's length checks on whatever came ("Address needs at
 * least 1 item" for a list given as an address), which would only confuse.
 */
export const fieldErrorsOf = (error: z.ZodError, input: unknown): { path: string; message: string }[] => {
  const mistyped = new Set(error.issues.filter((i) => i.code === "invalid_type").map(pathKey));
  const isTightest = tightestBounds(error.issues);
  return error.issues
    .filter((i) => i.code === "invalid_type" || !mistyped.has(pathKey(i)))
    .filter(isTightest)
    .map((i) => ({
      path: i.path.map(String).join(".") || (i.code === "unrecognized_keys" ? i.keys.join(",") : ""),
      message: fieldMessage(i, input),
    }));
};
