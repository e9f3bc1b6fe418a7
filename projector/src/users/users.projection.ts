import { roleRooms, rooms, type UserDoc, type UserEvent, usersCollection, userView } from "@shop/contracts";
import type { Notification, Projection } from "../projection.ts";

export const usersProjection: Projection<UserDoc, UserEvent> = {
  name: "users",
  collection: usersCollection.name,
  indexes: usersCollection.indexes,
  canHandle: ["UserRegistered", "UserProfileUpdated", "UserRoleChanged"],
  documentId: (e) => e.data.userId,
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
      default: {
        const never: never = e;
        return never;
      }
    }
  },
  notify(after, e) {
    if (!after) return [];
    const user = userView(after);
    const updated: Notification = {
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
};
