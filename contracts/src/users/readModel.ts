import { z } from "zod";
import { AnswerFields, assertSame, type CollectionSpec, docFields } from "../shared/readModel.ts";
import type { UserProfile } from "./state.ts";

export const UserSchema = z.strictObject({
  id: AnswerFields.id,
  name: z.string(),
  email: z.string(),
  contact: z.string(),
  address: z.string(),
  accType: z.union([z.literal(1), z.literal(2), z.literal(3)]),
});
export type User = z.infer<typeof UserSchema>;

/** Users without any secret: the credential id stays in the log only. */
export const UserDocSchema = UserSchema.extend({ ...docFields, registeredAt: z.string() }).strict();
export type UserDoc = z.infer<typeof UserDocSchema>;

/** Newest registrations first (API.md "Lists"). */
export const usersCollection: CollectionSpec = {
  name: "users",
  indexes: [{ keys: { registeredAt: -1, _id: -1 } }],
};

export const userView = (doc: UserDoc): User => {
  const { _id, revision: _r, registeredAt: _t, ...user } = doc;
  return user;
};
assertSame<Omit<UserDoc, "_id" | "revision" | "registeredAt">, User>();

/** A user's profile (the stream's state, a session) as the API answers it. */
export const userOf = (p: UserProfile): User => ({
  id: p.userId,
  name: p.name,
  email: p.email,
  contact: p.contact,
  address: p.address,
  accType: p.accType,
});
