import { useLocation, useNavigate } from "react-router-dom";

/** Where /login (or /signup) was sent from, so success can return there (API.md departure). */
export const useReturnTo = (): (() => void) => {
  const location = useLocation();
  const navigate = useNavigate();
  const state: unknown = location.state;
  const from =
    typeof state === "object" && state !== null && "from" in state && typeof state.from === "string"
      ? state.from
      : "/";
  // Only same-site paths: never an open redirect.
  const target = from.startsWith("/") && !from.startsWith("//") ? from : "/";
  return () => navigate(target, { replace: true });
};
