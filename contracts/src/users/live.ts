import type { User } from "./readModel.ts";

/** `user.updated` (a profile or a role) goes to `user:<id>` and `role:admin`. */
export interface UsersLive {
  "user.updated": { position: string; user: User };
}
