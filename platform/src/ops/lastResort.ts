import { type IncomingMessage, type ServerResponse, STATUS_CODES } from "node:http";
import type { Logger } from "pino";

const PROBLEM = "application/problem+json";
const BODY_HEADERS = [
  "content-type",
  "content-length",
  "content-encoding",
  "content-disposition",
  "content-range",
  "etag",
  "last-modified",
  "location",
];

/**
 * What a request nothing else answered gets, in place of Express's own final handler (which
 * writes an HTML page, with the stack and file paths outside production): a plain-text status
 * line, or problem+json under /api; a 5xx is logged and says nothing more. Every process's
 * server passes it to its app (`listenObserved`).
 */
export const lastResort =
  (req: IncomingMessage, res: ServerResponse, logger: Logger) =>
  (err?: unknown): void => {
    const given = (err as { status?: unknown; statusCode?: unknown } | undefined) ?? undefined;
    const raw = Number(given?.status ?? given?.statusCode);
    const status = err === undefined ? 404 : raw >= 400 && raw < 600 ? raw : 500;
    if (status >= 500) logger.error({ err, url: req.url }, "unhandled error");
    if (res.headersSent) {
      res.destroy();
      return;
    }
    const detail =
      status === 404
        ? "Not found"
        : status >= 500
          ? "Something went wrong on our side"
          : STATUS_CODES[status];
    // What a half-done answer (a file being sent) set about its body; the security headers stay.
    for (const name of BODY_HEADERS) res.removeHeader(name);
    res.statusCode = status;
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Cache-Control", "no-store");
    if ((req.url ?? "").startsWith("/api/")) {
      res.setHeader("Content-Type", PROBLEM);
      res.end(JSON.stringify({ type: "about:blank", title: STATUS_CODES[status], status, detail }));
    } else {
      res.setHeader("Content-Type", "text/plain; charset=utf-8");
      res.end(detail);
    }
  };
