import { sessionCookieName } from "@shop/platform/http";
import type { CookieOptions, Request, Response } from "express";

/**
 * Over HTTPS (COOKIE_SECURE, an https PUBLIC_URL, or a TLS request) the cookie is
 * `__Host-session`: Secure, Path=/ and no Domain, which the browser enforces for that prefix.
 */
const cookieOf = (req: Request, secure: boolean): { name: string; options: CookieOptions } => {
  const https = secure || req.secure;
  return {
    name: sessionCookieName(https),
    options: { httpOnly: true, sameSite: "lax", secure: https, path: "/" },
  };
};

export const setSessionCookie = (
  req: Request,
  res: Response,
  token: string,
  expiresAt: number,
  secure: boolean,
) => {
  // The answer carries the session token: never cached.
  res.setHeader("Cache-Control", "no-store");
  const { name, options } = cookieOf(req, secure);
  res.cookie(name, token, { ...options, expires: new Date(expiresAt * 1000) });
};

export const clearSessionCookie = (req: Request, res: Response, secure: boolean) => {
  const { name, options } = cookieOf(req, secure);
  res.clearCookie(name, options);
};
