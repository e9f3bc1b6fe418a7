import Button from "@mui/material/Button";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { BookListForm } from "../../features/booklists/components/BookListForm.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";
import { useCurrentUser } from "../../stores/session.ts";

/** A public route: a logged-out visitor is asked to log in (and comes back here). */
export default function UploadBookListRoute() {
  usePageTitle("Upload Book List");
  const user = useCurrentUser();
  if (user) return <BookListForm />;
  return (
    <Paper variant="outlined" sx={{ maxWidth: 440, mx: "auto", my: 4, p: { xs: 2, sm: 4 } }}>
      <Typography component="h1" variant="h5" gutterBottom>
        Upload Book List
      </Typography>
      <Typography gutterBottom>Please log in to upload your book list.</Typography>
      <Button variant="contained" component={RouterLink} to="/login" state={{ from: "/uploadBookList" }}>
        Login
      </Button>
    </Paper>
  );
}
