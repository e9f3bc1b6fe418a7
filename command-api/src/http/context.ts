import type { Actor } from "@shop/contracts";
import { correlationIdOf } from "@shop/platform";
import type { SessionUser } from "@shop/platform/http";
import type { Request } from "express";
import type { CommandContext } from "../commandHandling/handleCommand.ts";
import { bodyOf, sha256 } from "./idempotency.ts";

export const actorOf = (user: SessionUser): Actor => ({
  kind: "user",
  userId: user.userId,
  name: user.name,
  accType: user.accType,
});

/** Whom an order is for, as the order keeps it. */
export const customerOf = (user: SessionUser) => ({
  userId: user.userId,
  name: user.name,
  email: user.email,
  contact: user.contact,
});

/**
 * What one Idempotency-Key may stand for: this route and body, and for a caller who is not signed in
 * (a signup, a visitor's message) this client. Event ids derive from it (handleCommand), so the same
 * key with another body, route or anonymous client is another command, never a "retry" of someone
 * else's: a stranger repeating a victim's signup key is refused as a taken e-mail, not signed in.
 */
const requestScopeOf = (req: Request, actor: Actor): string =>
  sha256(
    JSON.stringify([
      req.method,
      req.originalUrl,
      sha256(bodyOf(req)),
      actor.kind === "user" ? "" : `${req.ip ?? "unknown"}:${req.get("user-agent") ?? ""}`,
    ]),
  );

/**
 * The audit metadata of a request: its correlation id (the one the request logger echoed, i.e.
 * the caller's when it sent a UUID) and actor; with an Idempotency-Key, the scope it holds for.
 */
export const commandContext = (req: Request, actor: Actor): CommandContext => {
  const key = req.get("idempotency-key");
  return {
    actor,
    correlationId: correlationIdOf(req),
    ...(key && { idempotencyKey: key.slice(0, 200), requestScope: requestScopeOf(req, actor) }),
  };
};
