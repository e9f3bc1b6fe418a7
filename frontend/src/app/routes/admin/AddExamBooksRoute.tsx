import Typography from "@mui/material/Typography";
import { usePageTitle } from "../../../lib/use-page-title.ts";

/** Spec §2: a placeholder page showing only a label. */
export default function AddExamBooksRoute() {
  usePageTitle("Add Exam Books");
  return (
    <Typography component="h1" variant="h4">
      Add Exam Books
    </Typography>
  );
}
