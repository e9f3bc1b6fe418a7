import Alert from "@mui/material/Alert";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { type Product, Texts } from "@shop/contracts";
import { useState } from "react";
import { useSchoolBooks } from "../api/get-school-books.ts";
import { useSchools } from "../api/get-schools.ts";
import { useDeleteWithConfirm } from "../hooks/useDeleteWithConfirm.ts";
import { ConfirmDialog } from "./ConfirmDialog.tsx";
import { ProductCards } from "./ProductCards.tsx";
import { ProductDialog } from "./ProductDialog.tsx";

const CLASSES = Array.from({ length: 12 }, (_, i) => i + 1);

/** Spec §2: a school's books as cards with edit (update form) and delete ('Confirm Delete?'). */
export const EditSchoolBooks = () => {
  const schools = useSchools();
  const [schoolId, setSchoolId] = useState("");
  const [bookClass, setBookClass] = useState("");
  const chosen = schoolId || schools.data?.[0]?.id || "";
  const books = useSchoolBooks(chosen);
  const [editing, setEditing] = useState<Product | null>(null);
  const remove = useDeleteWithConfirm<Product>({
    success: "Book deleted successfully",
    error: "Failed to delete book!",
  });

  if (schools.isPending) return <Typography>Loading...</Typography>;
  if (schools.isError) return <Alert severity="error">{Texts.noSchoolFound}</Alert>;
  const shown = (books.data ?? []).filter((b) => !bookClass || String(b.class) === bookClass);

  return (
    <Stack spacing={3} sx={{ my: 3 }}>
      <Typography component="h1" variant="h4">
        Edit School Books
      </Typography>
      <Stack direction={{ xs: "column", sm: "row" }} spacing={2}>
        <TextField
          select
          label="School"
          value={chosen}
          onChange={(e) => setSchoolId(e.target.value)}
          slotProps={{ select: { native: true } }}
          sx={{ minWidth: { sm: 260 } }}
        >
          {schools.data.map((s) => (
            <option key={s.id} value={s.id}>
              {s.name}
            </option>
          ))}
        </TextField>
        <TextField
          select
          label="Class"
          value={bookClass}
          onChange={(e) => setBookClass(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: { sm: 140 } }}
        >
          <option value="">All classes</option>
          {CLASSES.map((c) => (
            <option key={c} value={c}>
              Class {c}
            </option>
          ))}
        </TextField>
      </Stack>
      {books.isPending && chosen ? (
        <Typography>Loading...</Typography>
      ) : books.isError ? (
        <Alert severity="error">{Texts.noSchoolFound}</Alert>
      ) : shown.length === 0 ? (
        <Typography>No data</Typography>
      ) : (
        <ProductCards products={shown} onEdit={setEditing} onDelete={remove.ask} />
      )}
      <ProductDialog
        open={editing !== null}
        mode="book"
        title="Update Book"
        product={editing ?? undefined}
        texts={{ success: "Book updated successfully", error: "Failed to update book!" }}
        onClose={() => setEditing(null)}
      />
      <ConfirmDialog
        open={remove.pending !== null}
        busy={remove.busy}
        onYes={remove.confirm}
        onNo={remove.cancel}
      />
    </Stack>
  );
};
