import AppBar from "@mui/material/AppBar";
import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Container from "@mui/material/Container";
import LinearProgress from "@mui/material/LinearProgress";
import Link from "@mui/material/Link";
import Toolbar from "@mui/material/Toolbar";
import Typography from "@mui/material/Typography";
import { Suspense } from "react";
import { Outlet, Link as RouterLink, useNavigate } from "react-router-dom";
import { useLogout } from "../../features/auth/api/logout.ts";
import { useCurrentUser } from "../../stores/session.ts";

const NavBar = () => {
  const user = useCurrentUser();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <AppBar position="sticky" elevation={0}>
      <Toolbar component="nav" aria-label="Main" sx={{ gap: 1 }}>
        <Link
          component={RouterLink}
          to="/"
          color="inherit"
          underline="none"
          variant="h6"
          sx={{ fontWeight: 700, flexGrow: 1 }}
        >
          School Shop
        </Link>
        <Button color="inherit" component={RouterLink} to="/orders">
          Orders
        </Button>
        {user ? (
          <>
            <Typography component="span" sx={{ mx: 1 }} data-testid="user-name">
              {user.name}
            </Typography>
            <Button
              color="inherit"
              disabled={logout.isPending}
              onClick={() => logout.mutate(undefined, { onSettled: () => navigate("/") })}
            >
              Logout
            </Button>
          </>
        ) : (
          <>
            <Button color="inherit" component={RouterLink} to="/login">
              Login
            </Button>
            <Button color="inherit" component={RouterLink} to="/signup">
              Sign up
            </Button>
          </>
        )}
      </Toolbar>
    </AppBar>
  );
};

export const AppLayout = () => (
  <Box sx={{ minHeight: "100vh", display: "flex", flexDirection: "column" }}>
    <NavBar />
    <Container component="main" sx={{ flexGrow: 1, py: 3 }}>
      <Suspense fallback={<LinearProgress aria-label="Loading page" />}>
        <Outlet />
      </Suspense>
    </Container>
  </Box>
);
