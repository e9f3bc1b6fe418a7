import type { User } from "@shop/contracts";
import { create } from "zustand";

/** Spec §3: the signed-in user lives in local storage under `currentUser`. */
export const SESSION_KEY = "currentUser";

const load = (): User | null => {
  try {
    const raw = globalThis.localStorage?.getItem(SESSION_KEY);
    return raw ? (JSON.parse(raw) as User) : null;
  } catch {
    return null;
  }
};

interface SessionState {
  user: User | null;
  setUser: (user: User) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  user: load(),
  setUser: (user) => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(user));
    set({ user });
  },
  clear: () => {
    localStorage.removeItem(SESSION_KEY);
    set({ user: null });
  },
}));

export const useCurrentUser = (): User | null => useSession((s) => s.user);
