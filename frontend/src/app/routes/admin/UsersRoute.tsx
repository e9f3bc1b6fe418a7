import Typography from "@mui/material/Typography";
import { UserRoles } from "../../../features/users/components/UserRoles.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function UsersRoute() {
  usePageTitle("Users");
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Users
      </Typography>
      <UserRoles />
    </>
  );
}
