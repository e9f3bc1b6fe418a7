import Typography from "@mui/material/Typography";
import { BookLists } from "../../../features/admin/components/BookLists.tsx";

export default function BookListRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Book Lists
      </Typography>
      <BookLists />
    </>
  );
}
