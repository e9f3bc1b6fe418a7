import { DomainError, type ErrorKind, PROBLEM_CONTENT_TYPE, type Problem, Texts } from "@shop/contracts";
import type { ErrorRequestHandler, Response } from "express";
import type { Logger } from "pino";
import { StoreUnavailableError } from "../ports/eventStore.ts";
import { RETRY_AFTER_UNAVAILABLE_S } from "../redis/requestPath.ts";

/** The one place an error's kind becomes a status code. */
export const STATUS_OF: Record<ErrorKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  timeout: 408,
  unsupported_type: 415,
  unprocessable: 422,
  too_many: 429,
  unavailable: 503,
};

const TITLES: Record<number, string> = {
  400: "Bad Request",
  401: "Unauthorized",
  403: "Forbidden",
  404: "Not Found",
  408: "Request Timeout",
  409: "Conflict",
  413: "Content Too Large",
  415: "Unsupported Media Type",
  422: "Unprocessable Content",
  429: "Too Many Requests",
  500: "Internal Server Error",
  503: "Service Unavailable",
};

export const sendProblem = (
  res: Response,
  status: number,
  detail: string,
  extra: Partial<Problem> = {},
): void => {
  const problem: Problem = {
    type: "about:blank",
    title: TITLES[status] ?? "Error",
    status,
    detail,
    ...extra,
  };
  res.status(status).type(PROBLEM_CONTENT_TYPE).send(JSON.stringify(problem));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
}

/** The process or the machine out of file descriptors: the request was fine, a moment later it goes through. */
const SHORTAGES = new Set(["EMFILE", "ENFILE"]);

const isShortage = (err: unknown): boolean => {
  for (let e = err, depth = 0; e instanceof Error && depth < 4; e = e.cause, depth++)
    if (SHORTAGES.has((e as NodeJS.ErrnoException).code ?? "")) return true;
  return false;
};

/** The one place where errors become `application/problem+json` (RFC 9457). */
export const problemMiddleware =
  (logger: Logger): ErrorRequestHandler =>
  (err, _req, res, _next) => {
    if (res.headersSent) return;
    if (err instanceof DomainError) {
      const status = STATUS_OF[err.kind];
      const { errors, payablePaise, retryAfterSeconds } = err.extras;
      if (retryAfterSeconds !== undefined)
        res.setHeader("Retry-After", String(Math.max(1, retryAfterSeconds)));
      sendProblem(res, status, err.message, {
        ...(errors && { errors }),
        ...(payablePaise !== undefined && { payablePaise }),
      });
      return;
    }
    if (err instanceof StoreUnavailableError || isShortage(err)) {
      // An outage (Redis, the event store) or a descriptor shortage under a burst: the caller may
      // retry the same request shortly.
      logger.warn(
        { err: (err as Error).message },
        err instanceof StoreUnavailableError ? "store unavailable" : "out of file descriptors",
      );
      res.setHeader("Retry-After", String(RETRY_AFTER_UNAVAILABLE_S));
      sendProblem(res, 503, "The shop is briefly unavailable; try again in a moment");
      return;
    }
    const e = err as HttpishError;
    const status = e.status ?? e.statusCode;
    // body-parser's errors: malformed JSON, too large, wrong charset
    if (status && status >= 400 && status < 500) {
      const detail =
        e.type === "entity.too.large"
          ? Texts.bodyTooLarge
          : e.type === "entity.parse.failed"
            ? "Malformed JSON"
            : e.type === "charset.unsupported"
              ? Texts.jsonOnly
              : Texts.invalidInput;
      sendProblem(res, status, detail);
      return;
    }
    logger.error({ err }, "unhandled error");
    sendProblem(res, 500, "Something went wrong on our side");
  };
