import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Checkbox from "@mui/material/Checkbox";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableContainer from "@mui/material/TableContainer";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { formatRupees, type Product, payablePaise } from "@shop/contracts";
import { type ReactNode, useMemo } from "react";
import { useSchoolBooks } from "../api/get-schools.ts";
import { useSavedSelection } from "../lib/saved-selection.ts";

export const NO_DATA = "No data";
const CLASSES = Array.from({ length: 12 }, (_, i) => i + 1);
const wideOnly = { display: { xs: "none", sm: "table-cell" } } as const;
/**
 * On a phone the book's publication and author show under its name (their columns are hidden):
 * drawn from the cell's data-publisher and data-author, so the cell's text stays the book's name alone.
 */
const publisherBelowOnPhones = {
  "&::after": {
    content: { xs: 'attr(data-publisher) " · " attr(data-author)', sm: "none" },
    display: "block",
    color: "text.secondary",
    typography: "caption",
  },
} as const;

interface SchoolBooksProps {
  schoolId: string;
  /** The page's Buy Now for the current selection (from the orders feature); `clear` once ordered. */
  renderBuy: (selected: Product[], clear: () => void) => ReactNode;
}

/** Spec "School": class dropdown, S.No./Name/Publication/Author/Price table with checkboxes. */
export const SchoolBooks = ({ schoolId, renderBuy }: SchoolBooksProps) => {
  const books = useSchoolBooks(schoolId);
  const { selection, update, clear } = useSavedSelection(schoolId);
  const { bookClass } = selection;
  const selected = useMemo(() => new Set(selection.selected), [selection.selected]);

  const shown = useMemo(
    () => (books.data ?? []).filter((b) => bookClass === "all" || b.class === bookClass),
    [books.data, bookClass],
  );

  if (books.isPending) return <Typography>Loading...</Typography>;
  if (books.isError) return <Alert severity="error">{books.error.message}</Alert>;

  const allChecked = shown.length > 0 && shown.every((b) => selected.has(b.id));
  const someChecked = shown.some((b) => selected.has(b.id));
  const toggle = (id: string) => {
    const next = new Set(selected);
    if (!next.delete(id)) next.add(id);
    update({ bookClass, selected: [...next] });
  };
  const toggleAll = () => update({ bookClass, selected: allChecked ? [] : shown.map((b) => b.id) });
  const changeClass = (value: string) =>
    update({ bookClass: value === "all" ? "all" : Number(value), selected: [] });

  return (
    <Box component="section" aria-label="Books" sx={{ mt: 3 }}>
      <Box sx={{ display: "flex", gap: 2, alignItems: "center", flexWrap: "wrap", mb: 2 }}>
        <TextField
          select
          label="Class"
          value={String(bookClass)}
          onChange={(e) => changeClass(e.target.value)}
          slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
          sx={{ minWidth: 160 }}
          size="small"
        >
          <option value="all">All classes</option>
          {CLASSES.map((c) => (
            <option key={c} value={c}>
              Class {c}
            </option>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        {renderBuy(
          shown.filter((b) => selected.has(b.id)),
          clear,
        )}
      </Box>
      {shown.length === 0 ? (
        <Typography sx={{ my: 3 }}>{NO_DATA}</Typography>
      ) : (
        <TableContainer sx={{ border: 1, borderColor: "divider", borderRadius: 1 }}>
          {/* On a phone: narrower cells, and the publication and author under the book's name
              instead of columns of their own, so Price and the select boxes fit a 320 px screen
              (with the author's column they scrolled out of sight there) and every column the
              spec lists is still shown. */}
          <Table
            size="small"
            aria-label="School books"
            sx={{
              "& .MuiTableCell-root": { px: { xs: 1, sm: 2 } },
              // A small table's check boxes lose their padding (24 px): a thumb's 44 on a touch
              // screen, their own padding the cell's (so the columns still fit 320 px).
              "@media (pointer: coarse)": {
                "& .MuiTableCell-root.MuiTableCell-paddingCheckbox": { px: 0 },
                "& .MuiTableCell-paddingCheckbox > .MuiCheckbox-root": { p: "10px" },
              },
            }}
          >
            <TableHead>
              <TableRow>
                <TableCell>S.No.</TableCell>
                <TableCell>Name</TableCell>
                <TableCell sx={wideOnly}>Publication</TableCell>
                <TableCell sx={wideOnly}>Author</TableCell>
                <TableCell align="right">Price</TableCell>
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={allChecked}
                    indeterminate={someChecked && !allChecked}
                    onChange={toggleAll}
                    slotProps={{ input: { "aria-label": "Select all books" } }}
                  />
                </TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {shown.map((b, i) => (
                <TableRow key={b.id} hover selected={selected.has(b.id)} data-testid="school-book">
                  <TableCell>{i + 1}</TableCell>
                  <TableCell data-publisher={b.publisher} data-author={b.author} sx={publisherBelowOnPhones}>
                    {b.title}
                  </TableCell>
                  <TableCell sx={wideOnly}>{b.publisher}</TableCell>
                  <TableCell sx={wideOnly}>{b.author}</TableCell>
                  <TableCell align="right">
                    {formatRupees(payablePaise(b.pricePaise, b.discountPaise))}
                  </TableCell>
                  <TableCell padding="checkbox">
                    <Checkbox
                      checked={selected.has(b.id)}
                      onChange={() => toggle(b.id)}
                      slotProps={{ input: { "aria-label": `Select ${b.title}` } }}
                    />
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
    </Box>
  );
};
