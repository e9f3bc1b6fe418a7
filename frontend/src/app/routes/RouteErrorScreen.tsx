import Alert from "@mui/material/Alert";
import Container from "@mui/material/Container";
import Link from "@mui/material/Link";
import { Link as RouterLink } from "react-router-dom";
import { ROUTE_ERROR_MESSAGE } from "./route-error-message.ts";

/** What RouteError shows (./RouteError.tsx), in a chunk of its own that the page loads once it has loaded. */
export default function RouteErrorScreen() {
  return (
    <Container sx={{ my: 4 }}>
      <Alert severity="error" sx={{ mb: 2 }}>
        {ROUTE_ERROR_MESSAGE}
      </Alert>
      <Link component={RouterLink} to="/">
        Back to Home
      </Link>
    </Container>
  );
}
