import type { Response } from "express";

/**
 * Sends an already serialised JSON body exactly as `res.json` would send the value it was made
 * from: `res.json` is `JSON.stringify` (the app sets no `json replacer`, `json spaces` or
 * `json escape`), a Content-Type of application/json unless one is set, then `res.send` of the
 * string (charset, ETag, length). For answers kept between requests, serialised once.
 */
export const sendJson = (res: Response, body: string): void => {
  if (!res.get("Content-Type")) res.set("Content-Type", "application/json");
  res.send(body);
};
