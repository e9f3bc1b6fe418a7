import Alert from "@mui/material/Alert";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import { Texts } from "@shop/contracts";
import { Link as RouterLink } from "react-router-dom";

export const NoPermission = () => (
  <Stack spacing={2} sx={{ my: 4 }}>
    <Alert severity="error">{Texts.noAdminPermissions}</Alert>
    <Link component={RouterLink} to="/">
      Back to Home
    </Link>
  </Stack>
);
