import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import { isRouteErrorResponse, Link as RouterLink, useRouteError } from "react-router-dom";

export const RouteError = () => {
  const error = useRouteError();
  const message = isRouteErrorResponse(error)
    ? `${error.status} ${error.statusText}`
    : "Something went wrong. Reloading the page may help.";
  return (
    <Container sx={{ my: 4 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {message}
      </Alert>
      <Link component={RouterLink} to="/">
        Back to Home
      </Link>
    </Container>
  );
};
