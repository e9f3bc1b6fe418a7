import { SESSION_COOKIE } from "@shop/platform/http";
import type { Request, Response } from "express";

export const setSessionCookie = (
  req: Request,
  res: Response,
  token: string,
  expiresAt: number,
  secure: boolean,
) => {
  // The answer carries the session token: never cached.
  res.setHeader("Cache-Control", "no-store");
  res.cookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: "lax",
    secure: secure || req.secure,
    path: "/",
    expires: new Date(expiresAt * 1000),
  });
};

export const clearSessionCookie = (req: Request, res: Response, secure: boolean) => {
  res.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: "lax",
    secure: secure || req.secure,
    path: "/",
  });
};
