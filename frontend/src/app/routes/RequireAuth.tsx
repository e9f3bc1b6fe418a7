import { Navigate, Outlet, useLocation } from "react-router-dom";
import { useCurrentUser } from "../../stores/session.ts";

/** Spec §2: a protected route sends a logged-out visitor to /login, which sends them back after. */
export const RequireAuth = () => {
  const user = useCurrentUser();
  const location = useLocation();
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
};
