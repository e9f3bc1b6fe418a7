import { z } from "zod";
import { ACC_TYPES } from "../shared/roles.ts";

const AccTypeSchema = z.union(ACC_TYPES.map((t) => z.literal(t)));

/** The password hash never enters the log: `credentialId` points into the credential store. */
export const UserRegistered = z.object({
  type: z.literal("UserRegistered"),
  data: z.object({
    userId: z.uuid(),
    name: z.string(),
    email: z.string(),
    contact: z.string(),
    address: z.string(),
    accType: AccTypeSchema,
    credentialId: z.uuid(),
    registeredAt: z.string(),
  }),
});
export const UserProfileUpdated = z.object({
  type: z.literal("UserProfileUpdated"),
  data: z.object({
    userId: z.uuid(),
    name: z.string().optional(),
    contact: z.string().optional(),
    address: z.string().optional(),
    updatedAt: z.string(),
  }),
});
export const UserRoleChanged = z.object({
  type: z.literal("UserRoleChanged"),
  data: z.object({ userId: z.uuid(), from: AccTypeSchema, to: AccTypeSchema, changedAt: z.string() }),
});
export const UserEvent = z.discriminatedUnion("type", [UserRegistered, UserProfileUpdated, UserRoleChanged]);
export type UserEvent = z.infer<typeof UserEvent>;
