import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { formatRupees, Texts } from "@shop/contracts";
import { useState } from "react";
import { CustomerFields } from "../../../components/ui/CustomerFields.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useOrderIdFor } from "../../../lib/use-order-id.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { useCheckout } from "../api/checkout.ts";

interface CheckoutDialogProps {
  open: boolean;
  payablePaise: number;
  onClose: () => void;
  onOrdered: (orderId: string) => void;
}

/** Spec "Cart": Buy Now opens 'Confirm Order Details'; success toasts 'Order Created!'. */
export default function CheckoutDialog({ open, payablePaise, onClose, onOrdered }: CheckoutDialogProps) {
  const user = useCurrentUser();
  const [address, setAddress] = useState(user?.address ?? "");
  const [addressError, setAddressError] = useState<string | null>(null);
  const checkout = useCheckout();
  const orderIdFor = useOrderIdFor();

  const confirm = () => {
    const shippingAddress = address.trim();
    if (shippingAddress === "") {
      setAddressError(Texts.signupMissing);
      return;
    }
    setAddressError(null);
    const content = JSON.stringify([shippingAddress, payablePaise]);
    const orderId = orderIdFor(content);
    // mutateAsync: the emptied cart (refetched, or live) unmounts this dialog before the answer's
    // callbacks would run, and mutate drops its own callbacks on unmount.
    checkout.mutateAsync({ orderId, shippingAddress, expectedPayablePaise: payablePaise }).then(
      ({ orderId: placed }) => {
        toast.success(Texts.orderCreated);
        onOrdered(placed);
      },
      (error: unknown) => {
        const known = isApiError(error) && error.status === 409;
        toast.error(known ? error.detail : Texts.orderCreateFailed);
        if (known) onClose();
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={checkout.isPending ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="checkout-title"
    >
      <DialogTitle id="checkout-title">Confirm Order Details</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CustomerFields
            user={user}
            address={address}
            onAddressChange={setAddress}
            addressError={addressError}
            disabled={checkout.isPending}
          />
          <Typography variant="h6" sx={{ textAlign: "right" }}>
            Total: {formatRupees(payablePaise)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={checkout.isPending}>
          Cancel
        </Button>
        <Button variant="contained" onClick={confirm} disabled={checkout.isPending}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
