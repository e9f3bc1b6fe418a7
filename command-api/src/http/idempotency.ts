import type { SecretStore } from "@shop/platform";
import { currentSession } from "@shop/platform/http";
import type { RequestHandler } from "express";

const TTL_MS = 24 * 60 * 60 * 1000;

/**
 * `Idempotency-Key`: the first successful answer to a key is stored (per caller and route) and
 * replayed for a retry, so a command is never done twice. Failures are not stored: a retry redoes them.
 */
export const idempotency =
  (secrets: SecretStore): RequestHandler =>
  async (req, res, next) => {
    const key = req.get("idempotency-key");
    if (!key || req.method === "GET") return next();
    const who = currentSession(res)?.userId ?? "anonymous";
    const storeKey = `idem:${who}:${req.method}:${req.originalUrl}:${key.slice(0, 200)}`;
    const stored = await secrets.get(storeKey);
    if (stored !== null) {
      const { status, body } = JSON.parse(stored) as { status: number; body: unknown };
      res.setHeader("Idempotent-Replayed", "true");
      res.status(status).json(body);
      return;
    }
    const json = res.json.bind(res);
    res.json = (body: unknown) => {
      if (res.statusCode >= 200 && res.statusCode < 300) {
        secrets.set(storeKey, JSON.stringify({ status: res.statusCode, body }), TTL_MS).catch(() => {});
      }
      return json(body);
    };
    next();
  };
