import Typography from "@mui/material/Typography";
import { Navigate, Outlet, useLocation } from "react-router-dom";
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
  if (!user && !checked) return <Typography>Loading...</Typography>;
  if (!user)
    return <Navigate to="/login" replace state={{ from: `${location.pathname}${location.search}` }} />;
  return <Outlet />;
};
