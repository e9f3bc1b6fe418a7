import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { type Order, Texts } from "@shop/contracts";
import { useEffect, useState } from "react";
import { NoPermission } from "../../../components/ui/NoPermission.tsx";
import { isApiError } from "../../../lib/api-client.ts";
import { useOrder } from "../api/get-order.ts";
import { InvoiceButton } from "./InvoiceButton.tsx";

const Preview = ({ order }: { order: Order }) => {
  const [url, setUrl] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let objectUrl: string | null = null;
    let active = true;
    import("../invoice/download.ts")
      .then((m) => m.receiptBlob(order))
      .then((blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setUrl(objectUrl);
      })
      .catch(() => active && setFailed(true));
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [order]);
  if (failed) return <Alert severity="error">Cannot create the invoice!</Alert>;
  if (!url) return <Typography>Loading...</Typography>;
  return (
    <Box
      component="iframe"
      title={`Receipt for order ${order.shortId}`}
      src={url}
      sx={{ width: "100%", height: { xs: 480, md: 720 }, border: 1, borderColor: "divider", borderRadius: 1 }}
    />
  );
};

/** `/pdf?orderId=`: the printable receipt, with a Download button (API.md "Deliberate departures"). */
export const ReceiptPreview = ({ orderId }: { orderId: string }) => {
  const order = useOrder(orderId);
  if (!orderId) return <Alert severity="error">{Texts.orderNotFound}</Alert>;
  if (order.isPending) return <Typography>Loading...</Typography>;
  if (order.isError) {
    const status = isApiError(order.error) ? order.error.status : 0;
    if (status === 403) return <NoPermission />;
    return <Alert severity="error">{status === 404 ? Texts.orderNotFound : order.error.message}</Alert>;
  }
  return (
    <Stack spacing={2}>
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Typography component="h1" variant="h5" sx={{ flexGrow: 1 }}>
          Receipt · Order #{order.data.shortId}
        </Typography>
        <InvoiceButton order={order.data} label="Download" variant="contained" />
      </Box>
      <Preview order={order.data} />
    </Stack>
  );
};
