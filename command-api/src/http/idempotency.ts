import { createHash } from "node:crypto";
import type { SecretStore } from "@shop/platform";
import { currentSession } from "@shop/platform/http";
import type { Request, RequestHandler, Response } from "express";

const TTL_MS = 24 * 60 * 60 * 1000;

/** Routes that issue a session: a repeated key re-authenticates, so a token is never stored or replayed. */
const SESSION_ISSUING = new Set(["/api/auth/login", "/api/auth/signup"]);

export const sha256 = (text: string) => createHash("sha256").update(text).digest("base64url");

/** Who the answer belongs to: the signed-in user, else the client's address and agent. */
const principalOf = (req: Request, res: Response) => {
  const userId = currentSession(res)?.userId;
  return userId ? `user:${userId}` : `client:${req.ip ?? "unknown"}:${req.get("user-agent") ?? ""}`;
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
  (secrets: SecretStore): RequestHandler =>
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
    const stored = await secrets.get(storeKey);
    if (stored !== null) {
      const { status, body } = JSON.parse(stored) as { status: number; body: unknown };
      res.setHeader("Idempotent-Replayed", "true");
      res.status(status).json(body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      const ok = res.statusCode >= 200 && res.statusCode < 300;
      if (ok && res.getHeader("set-cookie") === undefined) {
        secrets.set(storeKey, JSON.stringify({ status: res.statusCode, body }), TTL_MS).catch(() => {});
      }
      return json(body);
    };
    next();
  };
