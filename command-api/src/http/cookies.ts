import { DEVICE_TTL_SECONDS } from "@shop/platform/crypto";
import { cookieOf as cookieFromHeader, sessionCookieName } from "@shop/platform/http";
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

const DEVICE_COOKIE = "device";
/** The device cookie's name: `__Host-device` over HTTPS (Secure, Path=/, no Domain), as the session's. */
const deviceCookieName = (https: boolean) => (https ? `__Host-${DEVICE_COOKIE}` : DEVICE_COOKIE);

/** The device cookie this browser sent, if any (its value is checked by deps.devices). */
export const deviceCookieOf = (req: Request): string | null =>
  cookieFromHeader(req.headers.cookie, DEVICE_COOKIE);

/**
 * Marks this browser as one the account signed in on (deps.devices): sent back only to the shop
 * (SameSite=Strict), never readable by script, kept for DEVICE_TTL_SECONDS.
 */
export const setDeviceCookie = (req: Request, res: Response, value: string, secure: boolean) => {
  const https = secure || req.secure;
  res.cookie(deviceCookieName(https), value, {
    httpOnly: true,
    sameSite: "strict",
    secure: https,
    path: "/",
    maxAge: DEVICE_TTL_SECONDS * 1000,
  });
};
