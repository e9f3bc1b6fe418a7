import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { Texts } from "@shop/contracts";
import { Link as RouterLink } from "react-router-dom";
import { isApiError } from "../../../lib/api-client.ts";
import { formatDate } from "../../../lib/format.ts";
import { useOrder } from "../api/get-order.ts";
import { useLiveOrder } from "../hooks/useLiveOrder.ts";
import { OrderLines } from "./OrderLines.tsx";
import { OrderTimeline } from "./OrderTimeline.tsx";
import { OrderTotals } from "./OrderTotals.tsx";
import { StatusBadge } from "./StatusBadge.tsx";

export const OrderDetails = ({ orderId }: { orderId: string }) => {
  const order = useOrder(orderId);
  useLiveOrder(orderId);

  if (order.isPending) return <Typography>Loading...</Typography>;
  if (order.isError) {
    const status = isApiError(order.error) ? order.error.status : 0;
    if (status === 403)
      return (
        <Stack spacing={2} sx={{ my: 4 }}>
          <Alert severity="error">{Texts.noAdminPermissions}</Alert>
          <Link component={RouterLink} to="/">
            Back to Home
          </Link>
        </Stack>
      );
    return <Alert severity="error">{status === 404 ? Texts.orderNotFound : order.error.message}</Alert>;
  }

  const o = order.data;
  return (
    <Stack spacing={3} sx={{ my: 3 }}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography component="h1" variant="h5" sx={{ wordBreak: "break-all" }}>
          Order ID: {o.id}
        </Typography>
        <StatusBadge status={o.status} />
      </Box>
      <Typography color="text.secondary">
        Placed on {formatDate(o.placedAt)} · Deliver to {o.customer.name}, {o.shippingAddress}
      </Typography>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 8 }}>
          <OrderLines items={o.items} />
        </Grid>
        <Grid size={{ xs: 12, md: 4 }}>
          <OrderTotals totals={o.totals} />
        </Grid>
      </Grid>
      <OrderTimeline entries={o.timeline} />
    </Stack>
  );
};
