import { DomainError } from "@shop/contracts";
import type { Request, RequestHandler } from "express";
import { sessionCookieOf } from "./session.ts";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export const CROSS_SITE_REFUSED = "This request must come from the shop's own page";

/** A request the browser may have sent on its own: it carries the session cookie and no bearer token. */
const authenticatesByCookie = (req: Request) =>
  !req.headers.authorization?.startsWith("Bearer ") && sessionCookieOf(req.headers.cookie) !== null;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether the request proves it comes from the shop's own pages: `Sec-Fetch-Site` same-origin
 * (or none: typed in, a bookmark), else an `Origin` equal to PUBLIC_URL's, or, without it, whose
 * host is the request's Host (the scheme is left out: behind a TLS proxy this process sees http).
 */
export const isSameOrigin = (req: Request, publicUrl?: string): boolean => {
  const site = req.get("sec-fetch-site");
  if (site !== undefined) return site === "same-origin" || site === "none";
  const origin = req.get("origin");
  if (!origin || origin === "null") return false;
  if (publicUrl) return originOf(origin) === originOf(publicUrl);
  const host = req.get("host");
  try {
    return host !== undefined && new URL(origin).host === host.toLowerCase();
  } catch {
    return false;
  }
};

/**
 * CSRF defence without tokens (Fetch Metadata, then Origin): every state-changing request that
 * authenticates by cookie must show it comes from the shop's own origin, else 403 problem+json.
 * SameSite=Lax keeps the cookie off cross-site POSTs in today's browsers; this also covers a
 * sibling (same-site) origin, older browsers and bodies a form can send (multipart, none at all).
 * Bearer-token clients are not affected: a browser never adds that header by itself.
 */
export const requireSameOrigin =
  (options: { publicUrl?: string } = {}): RequestHandler =>
  (req, _res, next) => {
    if (isForgeable(req, options.publicUrl)) return next(new DomainError("forbidden", CROSS_SITE_REFUSED));
    next();
  };

/** A state-changing, cookie-authenticated request without same-origin proof. */
export const isForgeable = (req: Request, publicUrl?: string): boolean =>
  !SAFE_METHODS.has(req.method) && authenticatesByCookie(req) && !isSameOrigin(req, publicUrl);
