import { DomainError, tooMany } from "../shared/errors.ts";
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
  /** Wrong codes typed since the current one was sent. */
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

/** A refusal that counts as a wrong try: nothing is appended, but the rider used one of the tries. */
export const isWrongOtp = (err: unknown): boolean =>
  err instanceof DomainError && err.kind === "unprocessable" && err.message === Texts.invalidOtp;
