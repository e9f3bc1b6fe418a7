import Button from "@mui/material/Button";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";

/** Spec §2: the eight admin link buttons, plus Users (API.md: admins also manage roles) and the sales dashboard (issue 21). */
export const ADMIN_LINKS = [
  ["Add School", "/admin/addSchool"],
  ["Add School Books", "/admin/addSchoolBooks"],
  ["Edit School Books", "/admin/editSchoolBooks"],
  ["Stationery", "/admin/stationeries"],
  ["View Orders", "/admin/viewOrders"],
  ["View Booklist", "/admin/bookList"],
  ["View Messages", "/admin/viewMessages"],
  ["Promotions", "/admin/promotions"],
  ["Users", "/admin/users"],
  ["Sales Dashboard", "/admin/dashboard"],
] as const;

export const AdminPanel = () => (
  <>
    <Typography component="h1" variant="h4" gutterBottom>
      Admin Panel
    </Typography>
    <Grid container spacing={2} component="nav" aria-label="Admin">
      {ADMIN_LINKS.map(([label, to]) => (
        <Grid key={to} size={{ xs: 12, sm: 6, md: 4 }}>
          <Button component={RouterLink} to={to} variant="outlined" size="large" fullWidth sx={{ py: 3 }}>
            {label}
          </Button>
        </Grid>
      ))}
    </Grid>
  </>
);
