import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function NotFoundRoute() {
  usePageTitle("Page not found");
  return (
    <>
      <Typography component="h1" variant="h5" sx={{ my: 3 }}>
        Page not found
      </Typography>
      <Link component={RouterLink} to="/">
        Back to Home
      </Link>
    </>
  );
}
