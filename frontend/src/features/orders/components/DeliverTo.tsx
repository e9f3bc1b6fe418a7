import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import type { Order } from "@shop/contracts";

/** Spec "Single order" Delivery tab: the 'Deliver to' table. */
export const DeliverTo = ({ order }: { order: Order }) => (
  <section aria-labelledby="deliver-to">
    <Typography id="deliver-to" component="h2" variant="h6" gutterBottom>
      Deliver to
    </Typography>
    <Table size="small" aria-labelledby="deliver-to">
      <TableBody>
        {(
          [
            ["Name", order.customer.name],
            ["Email", order.customer.email],
            ["Contact", order.customer.contact],
            ["Address", order.shippingAddress],
          ] as const
        ).map(([label, value]) => (
          <TableRow key={label}>
            <TableCell component="th" scope="row" sx={{ width: 120, color: "text.secondary" }}>
              {label}
            </TableCell>
            {/* A long e-mail or address has no space to break at: it breaks anywhere rather than
                widen the page (a phone then zooms the whole order page out, OTP box and all). */}
            <TableCell sx={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>{value}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  </section>
);
