import type { AccType } from "../shared/roles.ts";
import type { UserEvent } from "./events.ts";

/** Who a registered user is: what the user stream holds and a session carries. */
export interface UserProfile {
  userId: string;
  name: string;
  email: string;
  contact: string;
  address: string;
  accType: AccType;
}

/** A user's current state, folded from `user-<id>`; both APIs read roles from it on every request. */
export type UserState = { status: "none" } | (UserProfile & { status: "registered"; credentialId: string });

export const initialUserState = (): UserState => ({ status: "none" });

export const evolveUser = (state: UserState, event: UserEvent): UserState => {
  switch (event.type) {
    case "UserRegistered":
      return { status: "registered", ...event.data };
    case "UserProfileUpdated": {
      if (state.status !== "registered") return state;
      const { name, contact, address } = event.data;
      return {
        ...state,
        ...(name !== undefined && { name }),
        ...(contact !== undefined && { contact }),
        ...(address !== undefined && { address }),
      };
    }
    case "UserRoleChanged":
      return state.status === "registered" ? { ...state, accType: event.data.to } : state;
    default: {
      const never: never = event;
      return never;
    }
  }
};
