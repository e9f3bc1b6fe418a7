import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { sendProblem } from "@shop/platform/http";
import type { Request, RequestHandler } from "express";

const digest = (text: string) => createHash("sha256").update(text).digest();

const isLoopback = (address: string) =>
  isIP(address) !== 0 &&
  (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

/** A caller on this machine talking to the process itself, not a request a local proxy passes on. */
const isDirectLoopback = (req: Request) =>
  isLoopback(req.socket.remoteAddress ?? "") &&
  req.headers["x-forwarded-for"] === undefined &&
  req.headers.forwarded === undefined &&
  req.headers["x-real-ip"] === undefined;

/**
 * Who may read /metrics on the standalone (production's gateway allows only private networks):
 * with METRICS_TOKEN set, whoever sends it as a bearer token; without, only a direct loopback
 * caller (the peer's address, never X-Forwarded-For). Everyone else gets a problem, not the numbers.
 */
export const metricsAccess =
  (token: string | undefined): RequestHandler =>
  (req, res, next) => {
    if (token !== undefined) {
      const auth = req.get("authorization") ?? "";
      const given = auth.startsWith("Bearer ") ? auth.slice(7).trim() : "";
      if (given && timingSafeEqual(digest(given), digest(token))) return next();
      res.setHeader("WWW-Authenticate", 'Bearer realm="metrics"');
      return sendProblem(res, 401, "Send the metrics token as a bearer token");
    }
    if (isDirectLoopback(req)) return next();
    sendProblem(res, 403, "Metrics are served to this machine only (or set METRICS_TOKEN)");
  };
