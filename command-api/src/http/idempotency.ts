import { createHash } from "node:crypto";
import { conflict } from "@shop/contracts";
import type { SecretStore } from "@shop/platform";
import { currentSession } from "@shop/platform/http";
import type { Request, RequestHandler, Response } from "express";
import { clientNetwork } from "./clientNetwork.ts";

const TTL_MS = 24 * 60 * 60 * 1000;
/**
 * A running request holds its key by a lease: taken for LEASE_MS and renewed every RENEW_MS while
 * the request is open, so a process that dies mid-request (SIGKILL, a crash) leaves the key
 * reserved for at most LEASE_MS, not two minutes: a retry after the restart is answered within
 * seconds. Should a renewal be late past the lease (a long-stalled process), a retry may run the
 * command again, and its events are still appended once (their ids derive from the key).
 */
const LEASE_MS = 10_000;
const RENEW_MS = 3_000;
const IN_PROGRESS = "A request with this Idempotency-Key is still being handled; try again in a moment";

/** Routes that issue a session: a repeated key re-authenticates, so a token is never stored or replayed. */
const SESSION_ISSUING = new Set(["/api/auth/login", "/api/auth/signup"]);

export const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** Who the answer belongs to: the signed-in user, else the client's address and agent. */
const principalOf = (req: Request, res: Response) => {
  const userId = currentSession(res)?.userId;
  return userId ? `user:${userId}` : `client:${clientNetwork(req)}:${req.get("user-agent") ?? ""}`;
};

/**
 * What the request is: a JSON body by its parsed value; any other body (a multipart upload) by its
 * type and length, so one key with another file is not mistaken for a retry of the first.
 */
export const bodyOf = (req: Request) =>
  req.is("application/json")
    ? JSON.stringify(req.body ?? null)
    : `${req.get("content-type") ?? ""}:${req.get("content-length") ?? ""}`;

/**
 * `Idempotency-Key`: the first successful answer to a key is stored and replayed for a retry, so a
 * command is never done twice. The stored answer is scoped to (principal or client fingerprint,
 * method, route, body hash): another caller, route or body under the same key is a new request.
 * Failures are not stored: a retry redoes them. Login and signup are never stored (a repeated key
 * authenticates again), nor is any answer that sets a cookie: no session token in the store.
 */
export const idempotency =
  (secrets: SecretStore, { renewMs = RENEW_MS }: { renewMs?: number } = {}): RequestHandler =>
  async (req, res, next) => {
    const key = req.get("idempotency-key");
    if (!key || req.method === "GET" || req.method === "HEAD") return next();
    const path = req.originalUrl.split("?", 1)[0] ?? "";
    if (SESSION_ISSUING.has(path)) return next();
    const scope = [
      principalOf(req, res),
      req.method,
      req.originalUrl,
      sha256(bodyOf(req)),
      key.slice(0, 200),
    ];
    const storeKey = `idem:${sha256(JSON.stringify(scope))}`;
    const replay = (stored: string) => {
      const { status, body } = JSON.parse(stored) as { status: number; body: unknown };
      res.setHeader("Idempotent-Replayed", "true");
      res.status(status).json(body);
    };
    const stored = await secrets.get(storeKey);
    if (stored !== null) return replay(stored);
    // The key is reserved in one atomic step: of copies sent at once, only the first does the work;
    // one that comes while it runs gets its answer if it is there by now, else 409 and Retry-After.
    const runningKey = `${storeKey}:running`;
    if ((await secrets.incr(runningKey, LEASE_MS)) > 1) {
      const done = await secrets.get(storeKey);
      if (done !== null) return replay(done);
      throw conflict(IN_PROGRESS, { retryAfterSeconds: 1 });
    }
    // The last renewal sent: the release waits for it, so one still on its way when the request
    // ends cannot land after the release and hold the key for another lease.
    let renewing: Promise<unknown> = Promise.resolve();
    const renewal = setInterval(() => {
      renewing = secrets.set(runningKey, "1", LEASE_MS).catch(() => {});
    }, renewMs);
    renewal.unref();
    let saving: Promise<unknown> = Promise.resolve();
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      if (ok && res.getHeader("set-cookie") === undefined) {
        saving = secrets.set(storeKey, JSON.stringify({ status: res.statusCode, body }), TTL_MS);
      }
      return json(body);
    };
    // Released once the answer is stored (a failure is not: a retry redoes it).
    res.on("close", () => {
      clearInterval(renewal);
      Promise.all([saving.catch(() => {}), renewing])
        .then(() => secrets.delete(runningKey))
        .catch(() => {});
    });
    next();
  };
