import Paper from "@mui/material/Paper";
import Table from "@mui/material/Table";
import TableBody from "@mui/material/TableBody";
import TableCell from "@mui/material/TableCell";
import TableHead from "@mui/material/TableHead";
import TableRow from "@mui/material/TableRow";
import Typography from "@mui/material/Typography";
import { bookPlace, formatRupees, type OrderAfter, statusLabel } from "@shop/contracts";

interface OrderPastViewProps {
  /** What the chosen event was, in words ("Status changed"). */
  event: string;
  /** When it happened, as shown (IST). */
  at: string;
  by: string;
  order: OrderAfter;
}

/**
 * The order as it was right after one event of its history: the server folds the stream up to
 * that event with the order decider's own evolve (contracts' orders/state.ts).
 */
export const OrderPastView = ({ event, at, by, order }: OrderPastViewProps) => (
  <Paper variant="outlined" component="section" aria-labelledby="order-past" sx={{ p: 2, mt: 1 }}>
    <Typography id="order-past" component="h3" variant="subtitle1" sx={{ fontWeight: 600 }}>
      The order right after “{event}”
    </Typography>
    <Typography variant="body2" color="text.secondary">
      {at} · by {by}
    </Typography>
    <Typography sx={{ mt: 1 }} data-testid="past-status">
      Status: {statusLabel(order.status) || String(order.status)}
    </Typography>
    <Table size="small" aria-label="Lines then">
      <TableHead>
        <TableRow>
          <TableCell>Item</TableCell>
          <TableCell align="right">Qty</TableCell>
          <TableCell align="right">Amount</TableCell>
        </TableRow>
      </TableHead>
      <TableBody>
        {order.items.map((l) => (
          <TableRow key={l.productId}>
            <TableCell>
              {l.title}
              {bookPlace(l) && (
                <Typography variant="body2" color="text.secondary">
                  {bookPlace(l)}
                </Typography>
              )}
            </TableCell>
            <TableCell align="right">{l.quantity}</TableCell>
            <TableCell align="right">{formatRupees((l.pricePaise - l.discountPaise) * l.quantity)}</TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
    <Typography variant="body2" sx={{ mt: 1 }} data-testid="past-totals">
      Price {formatRupees(order.totals.pricePaise)} · Discount {formatRupees(order.totals.discountPaise)} ·
      Payable {formatRupees(order.totals.payablePaise)}
    </Typography>
    <Typography variant="body2">Deliver to {order.shippingAddress}</Typography>
  </Paper>
);
