import type { User } from "@shop/contracts";
import { type Projection, type ReadDoc, roleRooms, rooms } from "../projection.ts";

/** Users without any secret: the credential id stays in the log only. */
export type UserDoc = ReadDoc & User & { registeredAt: string };

export const userView = (doc: UserDoc): User => {
  const { _id, revision: _r, registeredAt: _t, ...user } = doc;
  return user;
};

export const usersProjection: Projection<UserDoc> = {
  name: "users",
  collection: "users",
  canHandle: ["UserRegistered", "UserProfileUpdated", "UserRoleChanged"],
  documentId: (e) => (e.data as { userId: string }).userId,
  evolve(doc, e) {
    switch (e.type) {
      case "UserRegistered": {
        const { userId, credentialId: _secret, registeredAt, ...profile } = e.data;
        return { _id: userId, id: userId, ...profile, registeredAt, revision: e.revision };
      }
      case "UserProfileUpdated": {
        if (!doc) return doc;
        const { userId: _u, updatedAt: _t, ...changes } = e.data;
        return { ...doc, ...changes, revision: e.revision };
      }
      case "UserRoleChanged":
        return doc && { ...doc, accType: e.data.to, revision: e.revision };
      default:
        return doc;
    }
  },
  notify(after, e) {
    if (!after) return [];
    const user = userView(after);
    const updated = {
      rooms: [rooms.user(user.id), rooms.admin],
      event: "user.updated",
      payload: { position: e.position, user },
    };
    if (e.type !== "UserRoleChanged") return [updated];
    // The new role's rooms take effect at once on the user's open sockets (ARCHITECTURE §7).
    const move = { leave: [rooms.admin, rooms.delivery], join: roleRooms(user.accType) };
    return [
      { ...updated, rooms: [rooms.user(user.id)], move },
      { ...updated, rooms: [rooms.admin] },
    ];
  },
  indexes: [{ keys: { registeredAt: -1 } }],
};
