import type { User } from "@shop/contracts";
import { create } from "zustand";

/** Spec §3: the signed-in user lives in local storage under `currentUser`. */
export const SESSION_KEY = "currentUser";
/** Said on the login page when the server ended the session of the user who was signed in here. */
export const SESSION_ENDED = "Your session has ended. Please log in again.";

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
  /** The server no longer knew the signed-in user's session (expired, revoked): said at login. */
  ended: boolean;
  setUser: (user: User) => void;
  /** Signs out here; `ended`: because the server ended the session, not the user. */
  clear: (ended?: boolean) => void;
}

export const useSession = create<SessionState>()((set) => ({
  user: load(),
  checked: false,
  ended: false,
  markChecked: () => set({ checked: true }),
  setUser: (user) => {
    localStorage.setItem(SESSION_KEY, JSON.stringify(user));
    set({ user, ended: false });
  },
  clear: (ended = false) => {
    localStorage.removeItem(SESSION_KEY);
    set((s) => ({ user: null, ended: ended && s.user !== null }));
  },
}));

// Another tab signed out or in (the storage event fires in the other tabs only): this one follows,
// rather than showing the old user until its next request.
globalThis.addEventListener?.("storage", (event: StorageEvent) => {
  if (event.key !== SESSION_KEY && event.key !== null) return;
  useSession.setState({ user: load(), ended: false });
});

export const useCurrentUser = (): User | null => useSession((s) => s.user);

export const useSessionChecked = (): boolean => useSession((s) => s.checked);
