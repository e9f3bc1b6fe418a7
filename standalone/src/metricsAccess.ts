import { createHash, timingSafeEqual } from "node:crypto";
import { isIP } from "node:net";
import { sendProblem } from "@shop/platform/http";
import type { Request, RequestHandler } from "express";

const digest = (text: string) => createHash("sha256").update(text).digest();

const isLoopback = (address: string) =>
  isIP(address) !== 0 &&
  (address === "::1" || address.startsWith("127.") || address.startsWith("::ffff:127."));

/** The address in the last entry of a forwarding header: the one the nearest proxy wrote. */
const lastHop = (header: string | string[]): string => {
  const last = (Array.isArray(header) ? header.join(",") : header).split(",").at(-1) ?? "";
  // `Forwarded: for=1.2.3.4;proto=http` or `for="[::1]:80"`; X-Forwarded-For: a bare address.
  const forPart = last.split(";").find((part) => /^\s*for=/i.test(part)) ?? last;
  return forPart
    .trim()
    .replace(/^for=/i, "")
    .replace(/^"|"$/g, "")
    .replace(/^\[([^\]]*)\](:\d+)?$/, "$1");
};

/**
 * A caller on this machine: the peer is loopback and, when a proxy on this machine passed the
 * request on, the hop that proxy itself added (the last X-Forwarded-For / Forwarded entry,
 * X-Real-IP) is loopback too. Earlier entries are the client's own claim and are never read.
 */
const isLocalCaller = (req: Request) => {
  if (!isLoopback(req.socket.remoteAddress ?? "")) return false;
  const hops = [req.headers["x-forwarded-for"], req.headers["x-real-ip"], req.headers.forwarded];
  return hops.every((header) => header === undefined || isLoopback(lastHop(header)));
};

/**
 * Who may read /metrics on the standalone (production's gateway allows only private networks):
 * with METRICS_TOKEN set, whoever sends it as a bearer token; without, only a caller on this
 * machine. Everyone else gets a problem, not the numbers.
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
    if (isLocalCaller(req)) return next();
    sendProblem(res, 403, "Metrics are served to this machine only (or set METRICS_TOKEN)");
  };
