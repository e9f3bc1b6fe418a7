import Typography from "@mui/material/Typography";
import { UserRoles } from "../../../features/users/components/UserRoles.tsx";

export default function UsersRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Users
      </Typography>
      <UserRoles />
    </>
  );
}
