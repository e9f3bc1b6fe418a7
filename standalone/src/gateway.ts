import { securityHeaders } from "@shop/platform/http";
import express, { type Express, type RequestHandler } from "express";
import { serveMedia } from "./media.ts";
import { serveSpa } from "./staticAssets.ts";

export interface GatewayTargets {
  command: RequestHandler;
  query: RequestHandler;
  health: RequestHandler;
  ready: RequestHandler;
  metrics: RequestHandler;
  /** The operations pages (`/ops/**`): the API reference, the queue page. */
  ops: RequestHandler;
  mediaDir: string;
  /** In front of the media: a book-list photo goes only to its customer and the admins. */
  mediaGuard?: RequestHandler;
  /** What deploy/nginx.conf asks before it serves a book-list photo (query-api's, in production). */
  mediaAccess?: RequestHandler;
  spaDir: string;
  /** GET / with the home page's first screen rendered in (firstScreen.ts); index.html without it. */
  firstScreen?: RequestHandler;
  /** Express "trust proxy" (TRUST_PROXY): none by default. */
  trustProxy?: string | false;
}

/**
 * The gateway rule (ARCHITECTURE §1), the same as deploy/nginx.conf: GET /api/** → query-api, any
 * other method on /api/** → command-api, /media/** → the image store, /ops/** → the operations
 * pages, health and metrics before anything else, everything else → the built SPA with an
 * index.html fallback (pre-compressed copies where the client accepts them: staticAssets.ts). socket.io attaches to the
 * HTTP server itself, ahead of this router.
 */
export const createGateway = (t: GatewayTargets): Express => {
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", t.trustProxy ?? false);
  // Matched on the path rather than mounted, so the sub-apps see the whole /api/... URL they route on.
  // First: each API sets the same security headers itself (its own first middleware, as behind
  // deploy/nginx.conf), so they are not set twice on every API answer.
  app.use((req, res, next) => {
    if (req.path !== "/api" && !req.path.startsWith("/api/")) return next();
    (req.method === "GET" || req.method === "HEAD" ? t.query : t.command)(req, res, next);
  });
  app.use(securityHeaders());
  app.get("/healthz", t.health);
  app.get("/readyz", t.ready);
  app.get("/metrics", t.metrics);
  // What deploy/nginx.conf asks before it serves a book-list photo (auth_request), as query-api answers it.
  if (t.mediaAccess) app.get("/internal/media-access", t.mediaAccess);
  // An unknown operations page is a 404, never the SPA.
  app.use("/ops", t.ops, (_req, res) => {
    res.status(404).type("text/plain").send("Not found");
  });
  // Only the public image folders; uploads wait in incoming/ until the image worker has checked
  // them and are never served from there (serveMedia: decoded once, then matched whole).
  app.use("/media", t.mediaGuard ?? ((_req, _res, next) => next()), serveMedia(t.mediaDir));
  if (t.firstScreen) app.get("/", t.firstScreen);
  app.use(serveSpa(t.spaDir));
  return app;
};
