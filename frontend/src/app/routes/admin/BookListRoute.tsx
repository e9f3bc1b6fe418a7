import Typography from "@mui/material/Typography";
import { BookLists } from "../../../features/admin/components/BookLists.tsx";
import { usePageTitle } from "../../../lib/use-page-title.ts";

export default function BookListRoute() {
  usePageTitle("Book Lists");
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Book Lists
      </Typography>
      <BookLists />
    </>
  );
}
