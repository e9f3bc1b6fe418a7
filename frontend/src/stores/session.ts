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
  /**
   * Whether the server has said who this is since the page loaded (GET /api/auth/session). Until
   * then a stored user is trusted for display, and a protected page without one waits rather than
   * send someone with a valid session cookie to /login.
   */
  checked: boolean;
  markChecked: () => void;
  setUser: (user: User) => void;
  clear: () => void;
}

export const useSession = create<SessionState>()((set) => ({
  user: load(),
  checked: false,
  markChecked: () => set({ checked: true }),
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

export const useSessionChecked = (): boolean => useSession((s) => s.checked);
