import { randomUUID } from "node:crypto";
import type { Actor } from "@shop/contracts";
import type { SessionUser } from "@shop/platform/http";
import type { Request } from "express";
import type { CommandContext } from "../commandHandling/handleCommand.ts";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const actorOf = (user: SessionUser): Actor => ({
  kind: "user",
  userId: user.userId,
  name: user.name,
  accType: user.accType,
});

/** The audit metadata of a request: its correlation id (from the caller when it sent a UUID) and actor. */
export const commandContext = (req: Request, actor: Actor): CommandContext => {
  const header = req.get("x-correlation-id");
  const key = req.get("idempotency-key");
  return {
    actor,
    correlationId: header && UUID.test(header) ? header : randomUUID(),
    ...(key && { idempotencyKey: key.slice(0, 200) }),
  };
};
