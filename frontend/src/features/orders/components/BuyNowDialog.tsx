import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import IconButton from "@mui/material/IconButton";
import Stack from "@mui/material/Stack";
import TextField from "@mui/material/TextField";
import Typography from "@mui/material/Typography";
import { formatRupees, PlaceOrderBody, type Product, payablePaise, Texts, validate } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useRef, useState } from "react";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { type PlaceOrderInput, usePlaceOrder } from "../api/place-order.ts";

const MAX_QUANTITY = 99;

interface BuyNowDialogProps {
  product: Product;
  open: boolean;
  onClose: () => void;
  onOrdered: (orderId: string) => void;
}

export const BuyNowDialog = ({ product, open, onClose, onOrdered }: BuyNowDialogProps) => {
  const user = useCurrentUser();
  const [address, setAddress] = useState(user?.address ?? "");
  const [quantity, setQuantity] = useState(1);
  const [addressError, setAddressError] = useState<string | null>(null);
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  // A retried submit of the same content reuses its order id, so the server answers the first result.
  const lastAttempt = useRef<{ content: string; orderId: string } | null>(null);

  const unitPaise = payablePaise(product.pricePaise, product.discountPaise);
  const totalPaise = unitPaise * quantity;

  const confirm = () => {
    const content = JSON.stringify([product.id, quantity, address.trim(), totalPaise]);
    const orderId =
      lastAttempt.current?.content === content ? lastAttempt.current.orderId : crypto.randomUUID();
    lastAttempt.current = { content, orderId };
    const input: PlaceOrderInput = {
      orderId,
      items: [{ productId: product.id, quantity }],
      shippingAddress: address.trim(),
      expectedPayablePaise: totalPaise,
    };
    if (input.shippingAddress === "") {
      // The spec's text for a form with a missing detail (signup, book list).
      setAddressError(Texts.signupMissing);
      return;
    }
    const checked = validate(PlaceOrderBody, input);
    if (!checked.ok) {
      setAddressError(checked.errors.find((e) => e.path === "shippingAddress")?.message ?? checked.detail);
      return;
    }
    setAddressError(null);
    placeOrder.mutate(input, {
      onSuccess: ({ orderId: placed }) => {
        toast.success(Texts.orderCreated);
        onOrdered(placed);
      },
      onError: (error) => {
        const pricesChanged =
          isApiError(error) && error.status === 409 && error.detail === Texts.pricesChanged;
        toast.error(pricesChanged ? error.detail : Texts.orderCreateFailed);
        // The page's product comes from the catalogue queries; refetching shows the new price.
        if (pricesChanged) void queryClient.invalidateQueries({ queryKey: ["products"] });
      },
    });
  };

  return (
    <Dialog open={open} onClose={placeOrder.isPending ? undefined : onClose} fullWidth maxWidth="sm">
      <DialogTitle>Confirm Order Details</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField label="Name" value={user?.name ?? ""} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Email" value={user?.email ?? ""} slotProps={{ input: { readOnly: true } }} />
          <TextField label="Contact" value={user?.contact ?? ""} slotProps={{ input: { readOnly: true } }} />
          <TextField
            label="Shipping Address"
            value={address}
            onChange={(e) => setAddress(e.target.value)}
            multiline
            minRows={2}
            error={addressError !== null}
            helperText={addressError}
          />
          <Box sx={{ display: "flex", alignItems: "center", gap: 2 }}>
            <Typography sx={{ flexGrow: 1 }}>{product.title}</Typography>
            <IconButton
              aria-label="Decrease quantity"
              onClick={() => setQuantity((q) => Math.max(1, q - 1))}
              disabled={quantity <= 1}
            >
              −
            </IconButton>
            <Typography component="output" aria-label="Quantity" sx={{ minWidth: 24, textAlign: "center" }}>
              {quantity}
            </Typography>
            <IconButton
              aria-label="Increase quantity"
              onClick={() => setQuantity((q) => Math.min(MAX_QUANTITY, q + 1))}
              disabled={quantity >= MAX_QUANTITY}
            >
              +
            </IconButton>
          </Box>
          <Typography variant="h6" sx={{ textAlign: "right" }}>
            Total: {formatRupees(totalPaise)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={placeOrder.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={placeOrder.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
};
