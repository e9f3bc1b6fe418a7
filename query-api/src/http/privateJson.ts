import type { Express, Response } from "express";

/**
 * The app's `res.json` for an answer no cache may keep (`Cache-Control: no-store`, which the
 * session middleware sets for every caller with credentials): the same status, body,
 * Content-Type and Content-Length, written as the string it is, without an ETag. Nothing stores
 * such an answer, so nothing revalidates it, while express hashed every byte for its ETag (after
 * copying the string into a Buffer to hash): ~30 % of sending an orders page (bench/RESULTS.md,
 * twenty-third session). Every other answer, and any this path does not cover (a Content-Type
 * already set, a status without a body, nothing to serialise), goes through express's own.
 */
export const sendPrivateJsonPlainly = (app: Express): void => {
  const json = app.response.json;
  app.response.json = function privateJson(this: Response, value?: unknown) {
    if (this.getHeader("Cache-Control") !== "no-store" || this.getHeader("Content-Type") !== undefined)
      return json.call(this, value);
    const status = this.statusCode;
    const body = JSON.stringify(value);
    if (body === undefined || status === 204 || status === 205 || status === 304)
      return json.call(this, value);
    this.setHeader("Content-Type", "application/json; charset=utf-8");
    this.setHeader("Content-Length", Buffer.byteLength(body));
    if (this.req.method === "HEAD") this.end();
    else this.end(body);
    return this;
  };
};
