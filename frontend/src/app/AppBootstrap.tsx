import { useSessionCheck } from "../features/auth/hooks/useSessionCheck.ts";
import { useLiveUpdates } from "./use-live-updates.ts";

/** App-load work outside any screen: confirm the stored session, keep the caches live. */
export const AppBootstrap = () => {
  useSessionCheck();
  useLiveUpdates();
  return null;
};
