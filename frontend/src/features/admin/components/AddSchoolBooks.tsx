import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { ProductForm } from "./ProductForm.tsx";

export const AddSchoolBooks = () => (
  <Paper variant="outlined" sx={{ maxWidth: 760, mx: "auto", my: 4, p: { xs: 2, sm: 4 } }}>
    <Typography component="h1" variant="h5" gutterBottom>
      Add School Books
    </Typography>
    <ProductForm
      mode="book"
      title="Add School Books"
      submitLabel="Add Book"
      texts={{ success: "Book added successfully", error: "Failed to add book!" }}
    />
  </Paper>
);
