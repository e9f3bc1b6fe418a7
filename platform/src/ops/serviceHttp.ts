import { randomUUID } from "node:crypto";
import { createServer, IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { parseId } from "@shop/contracts";
import { apiRouteOf } from "@shop/contracts/api";
import { type RequestHandler, Router } from "express";
import type { Logger } from "pino";
import { pinoHttp } from "pino-http";
import { capConnectionsPerAddress, trustedPeerOf } from "./connectionCap.ts";
import { lastResort } from "./lastResort.ts";
import type { Metrics } from "./metrics.ts";

export const CORRELATION_HEADER = "x-correlation-id";

/**
 * The caller's correlation id when it is a UUID, in canonical lower case (command-api copies it
 * into event metadata, which must stay clean), else a new one.
 */
export const correlationIdOf = (req: IncomingMessage): string => {
  const given = req.headers[CORRELATION_HEADER];
  return parseId(given) ?? randomUUID();
};

const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/** A bounded label for a path: the API route template, a probe, or the area it belongs to. */
export const routeLabel = (method: string, url: string): string => {
  const path = url.split("?", 1)[0] ?? "/";
  const api = apiRouteOf(method, path);
  if (api) return api;
  if (PROBES.has(path)) return path;
  for (const area of ["/socket.io", "/media", "/ops"]) {
    if (path === area || path.startsWith(`${area}/`)) return `${area}/*`;
  }
  return "spa";
};

export type RawHandler = (req: IncomingMessage, res: ServerResponse, next: () => void) => void;

/** Where observeRequests leaves a request's base logger and, once asked for, its child logger. */
const BASE_LOG = Symbol("shop.request.baseLog");
const CHILD_LOG = Symbol("shop.request.log");
interface LoggedRequest {
  id?: string;
  [BASE_LOG]?: Logger;
  [CHILD_LOG]?: Logger;
}

/**
 * `req.log`, made only when read: one accessor on IncomingMessage's prototype (express's request
 * prototypes inherit from it), reading data the request carries. An accessor defined on each
 * request instead made every request a dictionary-mode object, and V8 keeps accessor pairs in the
 * old generation, so each request's pair held its closures, and through them the request and its
 * answer, through every scavenge until the next full GC: ~5 KB promoted per call, the scavenges'
 * pauses under load (bench/RESULTS.md, ninth session). A request no observer saw has no `log`.
 */
if (!Object.hasOwn(IncomingMessage.prototype, "log")) {
  Object.defineProperty(IncomingMessage.prototype, "log", {
    configurable: true,
    get(this: LoggedRequest) {
      if (this[CHILD_LOG] === undefined && this[BASE_LOG] !== undefined)
        this[CHILD_LOG] = this[BASE_LOG].child({ correlationId: this.id });
      return this[CHILD_LOG];
    },
    // pino-http (at info) and handlers may set their own.
    set(this: LoggedRequest, value: Logger) {
      this[CHILD_LOG] = value;
    },
  });
}

/**
 * In front of everything a service serves: a correlation id per request (from `x-correlation-id`
 * or generated, echoed in the answer and handed on to the handlers), one JSON log line per
 * request (probes are not logged: they would drown the rest), and the latency histogram.
 */
export function observeRequests(deps: { logger: Logger; metrics: Metrics }): RawHandler {
  const httpLogger = pinoHttp({
    logger: deps.logger,
    genReqId: (req, res) => {
      const id = correlationIdOf(req);
      req.headers[CORRELATION_HEADER] = id;
      res.setHeader(CORRELATION_HEADER, id);
      return id;
    },
    customProps: (req) => ({ correlationId: req.id }),
    autoLogging: { ignore: (req) => PROBES.has((req.url ?? "").split("?", 1)[0] ?? "") },
  });
  return (req, res, next) => {
    const stop = deps.metrics.httpDuration.startTimer();
    // Read now: Express rewrites req.url while a mounted sub-app handles the request.
    const method = req.method ?? "GET";
    const route = routeLabel(method, req.url ?? "/");
    res.once("finish", () => stop({ method, route, status: res.statusCode }));
    if (deps.logger.isLevelEnabled("info")) return httpLogger(req, res, next);
    // pino-http writes its line at info: above that level it would only build (and redact) a
    // child logger per request, ~12 % of a PlaceOrder's CPU (bench/RESULTS.md). Keep what the
    // handlers rely on: the correlation id, and `req.log`, made only if someone asks for it.
    const id = correlationIdOf(req);
    req.headers[CORRELATION_HEADER] = id;
    res.setHeader(CORRELATION_HEADER, id);
    const logged = req as IncomingMessage & LoggedRequest;
    logged.id = id;
    logged[BASE_LOG] = deps.logger;
    next();
  };
}

export interface ReadyState {
  ready: boolean;
  body: Record<string, unknown>;
}

/** `/healthz` (alive), `/readyz` (dependencies answer) and `/metrics` (Prometheus) of one process. */
export function opsRoutes(deps: { metrics: Metrics; ready: () => Promise<ReadyState> }): Router {
  const router = Router();
  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });
  router.get("/readyz", readyHandler(deps.ready));
  router.get("/metrics", metricsHandler(deps.metrics));
  return router;
}

export const readyHandler =
  (ready: () => Promise<ReadyState>): RequestHandler =>
  async (_req, res) => {
    try {
      const state = await ready();
      res.status(state.ready ? 200 : 503).json(state.body);
    } catch {
      res.status(503).json({ status: "unavailable" });
    }
  };

export const metricsHandler =
  (metrics: Metrics): RequestHandler =>
  async (_req, res) => {
    res.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  };

/** Runs every check with a time bound; answers the names of those that failed. */
export async function failingChecks(
  checks: Record<string, () => Promise<unknown>>,
  timeoutMs = 2000,
): Promise<string[]> {
  const names = Object.keys(checks);
  const results = await Promise.allSettled(
    names.map((name) =>
      Promise.race([
        checks[name]!(),
        new Promise((_, reject) => setTimeout(() => reject(new Error("timeout")), timeoutMs).unref()),
      ]),
    ),
  );
  return names.filter((_, i) => results[i]?.status === "rejected");
}

export interface ServiceOptions {
  logger?: Logger;
  /** Prepended to every Redis key and channel instead of REDIS_PREFIX (tests share one Redis). */
  redisPrefix?: string;
  /** Node's process metrics; the mains turn them on, tests that start many services do not. */
  processMetrics?: boolean;
}

export interface RunningService {
  url: string;
  port: number;
  server: Server;
  close(): Promise<void>;
}

/**
/**
 * Node's keep-alive idle timeout for the services: longer than the gateway's upstream keep-alive
 * (nginx `keepalive_timeout 60s` in deploy/nginx.conf), so nginx always closes an idle upstream
 * connection first and never reuses one the service is closing (a 502).
 */
export const SERVICE_KEEP_ALIVE_MS = 75_000;

/**
 * An HTTP server on all interfaces whose every request passes `observeRequests` first; what the
 * app leaves unanswered, or fails with, gets `lastResort` (never Express's HTML error page).
 */
export async function listenObserved(
  app: (req: IncomingMessage, res: ServerResponse, done: (err?: unknown) => void) => void,
  deps: {
    port: number;
    logger: Logger;
    metrics: Metrics;
    /** Runs after the server exists and before it listens (query-api attaches socket.io and its adapter). */
    beforeListen?: (server: Server) => Promise<void>;
    /** Most connections one client address may hold at once (connectionCap.ts); 0 or absent: no cap. */
    connectionsPerAddress?: number;
    /** TRUST_PROXY: the proxy it names is never counted by that cap (it carries many clients). */
    trustProxy?: string | false;
  },
): Promise<{ server: Server; port: number; url: string }> {
  const observe = observeRequests(deps);
  const server = createServer((req, res) =>
    observe(req, res, () => app(req, res, lastResort(req, res, deps.logger))),
  );
  server.keepAliveTimeout = SERVICE_KEEP_ALIVE_MS;
  // Headers must be allowed to arrive a little after the keep-alive window, or Node cuts them.
  server.headersTimeout = SERVICE_KEEP_ALIVE_MS + 5000;
  capConnectionsPerAddress(server, {
    max: deps.connectionsPerAddress ?? 0,
    ...(deps.trustProxy && { trustedPeer: trustedPeerOf(deps.trustProxy) }),
    onRefused: () => deps.metrics.connectionsRefused.inc(),
  });
  await deps.beforeListen?.(server);
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(deps.port, "0.0.0.0", () => {
      server.off("error", reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return { server, port, url: `http://127.0.0.1:${port}` };
}
