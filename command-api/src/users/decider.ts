import {
  type AccType,
  conflict,
  evolveUser,
  forbidden,
  initialUserState,
  notFound,
  Texts,
  type UserEvent,
  type UserProfile,
  type UserState,
} from "@shop/contracts";
import type { Decider } from "../commandHandling/decider.ts";

export type UserCommand =
  | {
      type: "RegisterUser";
      data: UserProfile & { credentialId: string; now: string };
    }
  | { type: "UpdateProfile"; data: { name?: string; contact?: string; address?: string; now: string } }
  /** `by`: the admin who asks (never the user whose role it is). */
  | { type: "ChangeRole"; data: { to: AccType; by: string; now: string } };

export const userDecider: Decider<UserCommand, UserEvent, UserState> = {
  initialState: initialUserState,
  evolve: evolveUser,
  decide(command, state) {
    switch (command.type) {
      case "RegisterUser": {
        if (state.status === "registered") throw conflict(Texts.emailTaken);
        const { now, ...user } = command.data;
        return [{ type: "UserRegistered", data: { ...user, registeredAt: now } }];
      }
      case "UpdateProfile": {
        if (state.status !== "registered") throw notFound(Texts.userNotFound);
        const { now, ...changes } = command.data;
        const changed = Object.fromEntries(
          Object.entries(changes).filter(
            ([k, v]) => v !== undefined && state[k as keyof typeof changes] !== v,
          ),
        );
        if (Object.keys(changed).length === 0) return [];
        return [{ type: "UserProfileUpdated", data: { userId: state.userId, ...changed, updatedAt: now } }];
      }
      case "ChangeRole": {
        if (state.status !== "registered") throw notFound(Texts.userNotFound);
        if (command.data.by === state.userId) throw forbidden(Texts.ownRole);
        if (state.accType === command.data.to) return [];
        return [
          {
            type: "UserRoleChanged",
            data: {
              userId: state.userId,
              from: state.accType,
              to: command.data.to,
              changedAt: command.data.now,
            },
          },
        ];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};
