import { DomainError, Texts } from "@shop/contracts";
import type { Request, RequestHandler } from "express";

/** The one command whose body is not JSON: an image, as multipart/form-data. */
const MULTIPART_PATHS = new Set(["/api/uploads"]);

/** Whether the request carries body bytes (a declared length above 0, or a chunked body). */
const hasBody = (req: Request): boolean =>
  req.headers["transfer-encoding"] !== undefined || Number(req.headers["content-length"] ?? 0) > 0;

/**
 * Commands take JSON only (API.md): a body of any other type (text/plain, a form, none declared)
 * is 415, never read as no body, which had a PATCH answer 200 with nothing saved and the other
 * commands ask for fields the body held. Uploads are multipart; a command without a body passes.
 * Express routes case-insensitively and with a trailing slash, so the path is compared the same way.
 */
export const jsonBodiesOnly = (): RequestHandler => (req, _res, next) => {
  if (!hasBody(req) || req.is("application/json")) return next();
  if (MULTIPART_PATHS.has(req.path.toLowerCase().replace(/\/+$/, ""))) return next();
  next(new DomainError("unsupported_type", Texts.jsonOnly));
};
