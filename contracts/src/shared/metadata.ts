import { z } from "zod";
import { ACC_TYPES } from "./roles.ts";

export const UserActor = z.object({
  kind: z.literal("user"),
  userId: z.uuid(),
  name: z.string(),
  accType: z.union(ACC_TYPES.map((t) => z.literal(t))),
});
export const SystemActor = z.object({ kind: z.literal("system"), name: z.string() });
export const Actor = z.discriminatedUnion("kind", [UserActor, SystemActor]);
export type Actor = z.infer<typeof Actor>;
export type UserActor = z.infer<typeof UserActor>;

/** Every event's metadata: the audit trail (who, why) and the schema version of its data. */
export const EventMetadata = z.object({
  schemaVersion: z.number().int().min(1),
  correlationId: z.uuid(),
  causationId: z.uuid(),
  actor: Actor,
  idempotencyKey: z.string().optional(),
});
export type EventMetadata = z.infer<typeof EventMetadata>;

export const systemActor = (name = "system"): Actor => ({ kind: "system", name });
