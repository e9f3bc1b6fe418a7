import Box from "@mui/material/Box";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";

export interface Column<T> {
  label: string;
  cell: (row: T) => ReactNode;
  numeric?: boolean;
}

/** A small table of figures with a caption naming it (the charts' accessible equivalent). */
export const FiguresTable = <T,>({
  caption,
  rows,
  columns,
  rowKey,
  empty,
}: {
  caption: string;
  rows: T[];
  columns: Column<T>[];
  rowKey: (row: T) => string;
  empty: string;
}) => (
  <>
    <Typography component="h2" variant="h6" gutterBottom>
      {caption}
    </Typography>
    {rows.length === 0 ? (
      <Typography color="text.secondary">{empty}</Typography>
    ) : (
      // Narrower cells on a phone keep every column inside the card; a wider table scrolls in it.
      <Box sx={{ overflowX: "auto" }}>
        <Table size="small" aria-label={caption} sx={{ "& .MuiTableCell-root": { px: { xs: 1, sm: 2 } } }}>
          <TableHead>
            <TableRow>
              {columns.map((c) => (
                <TableCell key={c.label} align={c.numeric ? "right" : "left"}>
                  {c.label}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {rows.map((r) => (
              <TableRow key={rowKey(r)}>
                {columns.map((c) => (
                  <TableCell key={c.label} align={c.numeric ? "right" : "left"}>
                    {c.cell(r)}
                  </TableCell>
                ))}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    )}
  </>
);
