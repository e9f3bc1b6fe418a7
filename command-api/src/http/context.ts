import type { Actor } from "@shop/contracts";
import { correlationIdOf } from "@shop/platform";
import type { SessionUser } from "@shop/platform/http";
import type { Request } from "express";
import type { CommandContext } from "../commandHandling/handleCommand.ts";

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
 * The audit metadata of a request: its correlation id (the one the request logger echoed, i.e.
 * the caller's when it sent a UUID) and actor.
 */
export const commandContext = (req: Request, actor: Actor): CommandContext => {
  const key = req.get("idempotency-key");
  return {
    actor,
    correlationId: correlationIdOf(req),
    ...(key && { idempotencyKey: key.slice(0, 200) }),
  };
};
