import { Navigate, Outlet, useLocation } from "react-router-dom";
import { fs } from "../../first-screen/classes.ts";
import { useCurrentUser, useSessionChecked } from "../../stores/session.ts";

/**
 * Spec §2: a protected route sends a logged-out visitor to /login, which sends them back after.
 * Opened directly (a reload, a bookmark) it first waits for the server to say whose session the
 * cookie holds, so a logged-in user is not sent to /login.
 */
export const RequireAuth = () => {
  const user = useCurrentUser();
  const checked = useSessionChecked();
  const location = useLocation();
  // Typography's body1 (first-screen/stylesheet.tsx): MUI is not part of the first page's script.
  if (!user && !checked) return <p className={fs.body1}>Loading...</p>;
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
};
