import Box from "@mui/material/Box";
import Paper from "@mui/material/Paper";
import Typography from "@mui/material/Typography";
import { discountPercent, formatRupees, type Order } from "@shop/contracts";
import type { ReactNode } from "react";
import { FreeShipping } from "../../../components/ui/FreeShipping.tsx";

const Row = ({ label, children, strong }: { label: string; children: ReactNode; strong?: boolean }) => (
  <Box
    component="li"
    sx={{
      display: "flex",
      justifyContent: "space-between",
      py: 0.5,
      fontWeight: strong ? 700 : 400,
      // The total's rule above it: a border, since a list may hold only list items.
      ...(strong && { borderTop: 1, borderColor: "divider", mt: 1, pt: 1.5 }),
    }}
  >
    <span>{label}</span>
    <span>{children}</span>
  </Box>
);

/** Spec "Single order": Price, Discount percent, Discounted Price, Shipping (40.00 struck, Free), Total. */
export const OrderTotals = ({ totals }: { totals: Order["totals"] }) => (
  <Paper variant="outlined" sx={{ p: 2 }} component="section" aria-labelledby="order-totals">
    <Typography id="order-totals" component="h2" variant="h6" gutterBottom>
      Price Details
    </Typography>
    <Box component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
      <Row label="Price">{formatRupees(totals.pricePaise)}</Row>
      <Row label="Discount">{discountPercent(totals.pricePaise, totals.discountPaise)}%</Row>
      <Row label="Discounted Price">{formatRupees(totals.payablePaise)}</Row>
      <Row label="Shipping">
        <FreeShipping />
      </Row>
      <Row label="Total Amount" strong>
        {formatRupees(totals.payablePaise + totals.shippingPaise)}
      </Row>
    </Box>
  </Paper>
);
