import Typography from "@mui/material/Typography";

/** Spec §2: a placeholder page showing only a label. */
export default function AddExamBooksRoute() {
  return (
    <Typography component="h1" variant="h4">
      Add Exam Books
    </Typography>
  );
}
