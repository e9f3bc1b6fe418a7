/**
 * Typed errors every layer throws, deciders and policies included: the kind says what went wrong,
 * never which status code. platform/http's `problemMiddleware` maps them to HTTP in one place.
 */
export type ErrorKind =
  | "invalid"
  | "unauthenticated"
  | "forbidden"
  | "not_found"
  | "conflict"
  | "too_large"
  | "timeout"
  | "unsupported_type"
  | "unprocessable"
  | "too_many"
  | "unavailable";

export interface ErrorExtras {
  errors?: { path: string; message: string }[];
  payablePaise?: number;
  retryAfterSeconds?: number;
}

export class DomainError extends Error {
  override name = "DomainError";
  readonly kind: ErrorKind;
  readonly extras: ErrorExtras;
  constructor(kind: ErrorKind, detail: string, extras: ErrorExtras = {}) {
    super(detail);
    this.kind = kind;
    this.extras = extras;
  }
}

export const invalid = (detail: string, errors?: ErrorExtras["errors"]) =>
  new DomainError("invalid", detail, errors ? { errors } : {});
export const notFound = (detail: string) => new DomainError("not_found", detail);
export const conflict = (detail: string, extras: ErrorExtras = {}) =>
  new DomainError("conflict", detail, extras);
export const forbidden = (detail: string) => new DomainError("forbidden", detail);
export const unauthenticated = (detail: string) => new DomainError("unauthenticated", detail);
export const tooMany = (detail: string, retryAfterSeconds: number) =>
  new DomainError("too_many", detail, { retryAfterSeconds });
