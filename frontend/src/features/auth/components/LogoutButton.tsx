import Button from "@mui/material/Button";
import { useNavigate } from "react-router-dom";
import { useLogout } from "../api/logout.ts";

export const LogoutButton = () => {
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <Button
      variant="outlined"
      color="error"
      disabled={logout.isPending}
      // mutateAsync: mutate's own callbacks are dropped once RequireAuth unmounts this page.
      onClick={() => {
        const home = () => navigate("/", { replace: true });
        logout.mutateAsync().then(home, home);
      }}
    >
      Logout
    </Button>
  );
};
