import { useSessionCheck } from "../features/auth/hooks/useSessionCheck.ts";

/** App-load work outside any screen: confirm the stored session (the live dispatcher sits in AppProviders). */
export const AppBootstrap = () => {
  useSessionCheck();
  return null;
};
