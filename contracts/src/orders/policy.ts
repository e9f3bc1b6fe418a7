import { conflict, DomainError, invalid, tooMany } from "../shared/errors.ts";
import { Texts } from "../shared/texts.ts";

/**
 * The delivery OTP rule (ARCHITECTURE §4): a code lives 10 minutes and is bound to one order; a
 * new code voids the old one and its tries; 5 wrong tries lock delivery until a new code is sent.
 * The order decider applies it, command-api keeps the codes, the OTP mail states the validity.
 */
export const OTP_TTL_MS = 10 * 60 * 1000;
export const OTP_MAX_TRIES = 5;

/** How long a code is valid, in words, as the OTP mail says it. */
export const OTP_VALIDITY_TEXT = `${OTP_TTL_MS / 60_000} minutes`;

export const otpExpiresAt = (now: Date): string => new Date(now.getTime() + OTP_TTL_MS).toISOString();

/** What the secrets store knows about the code a rider typed. */
export interface OtpCheck {
  /** Codes typed since the current one was sent, before this one (each counted before it is checked). */
  tries: number;
  /** The typed code is the current one (false when none is current: expired or never sent). */
  matches: boolean;
  /** How long the current code still lives, when known: a lock lasts as long. */
  remainingMs: number | null;
}

/** 429 while locked, 422 for a wrong or expired code; returns when the code confirms delivery. */
export const requireValidOtp = (check: OtpCheck): void => {
  if (check.tries >= OTP_MAX_TRIES) {
    throw tooMany(Texts.otpLocked, Math.ceil((check.remainingMs ?? OTP_TTL_MS) / 1000));
  }
  if (!check.matches) throw new DomainError("unprocessable", Texts.invalidOtp);
};

/**
 * Abuse limits on orders (security finding 7): how big one order may be, and how many a customer
 * may have open (placed, not yet delivered) and place per hour. The size caps hold for every order
 * (the request schemas and the decider); the per-customer ones for the orders a customer places
 * (an admin's order from a book list is the admin's decision). The per-customer numbers are
 * configurable (RATE_LIMIT_ORDERS, ORDER_OPEN_MAX); these are their defaults.
 */
export const ORDER_LINES_MAX = 50;
export const ORDER_QUANTITY_MAX = 99;
export const ORDER_LIMIT_DEFAULTS = { perHour: 30, open: 20 } as const;

export const OrderLimitTexts = {
  tooManyLines: `An order holds at most ${ORDER_LINES_MAX} lines`,
  /** The same sentence the request schemas' field errors give (shared/fieldErrors.ts). */
  tooManyOfOne: (index: number) => `Quantity of item ${index + 1} must be at most ${ORDER_QUANTITY_MAX}`,
  /** A product named on a second line: its quantity belongs on the first (capped at 99). */
  repeated: (index: number, first: number) =>
    `Item ${index + 1} repeats a product of item ${first + 1}: change that item's quantity`,
  tooManyOpen: "Too many open orders! Wait until one is delivered",
} as const;

/** How many orders the customer has open now, and how many they may. */
export interface OpenOrders {
  open: number;
  max: number;
}

/** The first line that names a product an earlier line named, with that earlier line; or undefined. */
export const repeatedLine = (
  lines: { productId: string }[],
): { index: number; first: number } | undefined => {
  const seen = new Map<string, number>();
  for (const [index, line] of lines.entries()) {
    const first = seen.get(line.productId);
    if (first !== undefined) return { index, first };
    seen.set(line.productId, index);
  }
  return undefined;
};

/** Throws the field error or 409 that breaks a limit; returns when the order is within them all. */
export const requireWithinOrderLimits = (
  lines: { productId: string; quantity: number }[],
  openOrders?: OpenOrders,
): void => {
  if (lines.length > ORDER_LINES_MAX) {
    throw invalid(Texts.invalidInput, [{ path: "items", message: OrderLimitTexts.tooManyLines }]);
  }
  const repeated = repeatedLine(lines);
  if (repeated) {
    throw invalid(Texts.invalidInput, [
      {
        path: `items.${repeated.index}.productId`,
        message: OrderLimitTexts.repeated(repeated.index, repeated.first),
      },
    ]);
  }
  const big = lines.findIndex((l) => l.quantity > ORDER_QUANTITY_MAX);
  if (big >= 0) {
    throw invalid(Texts.invalidInput, [
      { path: `items.${big}.quantity`, message: OrderLimitTexts.tooManyOfOne(big) },
    ]);
  }
  if (openOrders && openOrders.open >= openOrders.max) throw conflict(OrderLimitTexts.tooManyOpen);
};
