import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogContent from "@mui/material/DialogContent";
import DialogTitle from "@mui/material/DialogTitle";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { formatRupees, type User } from "@shop/contracts";
import { type ReactNode, useId } from "react";
import { CustomerFields } from "./CustomerFields.tsx";

interface ConfirmOrderDialogProps {
  open: boolean;
  /** While the order is being placed: nothing can be changed or closed. */
  busy: boolean;
  user: User | null;
  address: string;
  onAddressChange: (address: string) => void;
  addressError: string | null;
  totalPaise: number;
  onClose: () => void;
  onConfirm: () => void;
  /** What is being ordered, between the customer's fields and the total. */
  children?: ReactNode;
}

/** Spec's 'Confirm Order Details' dialog (cart checkout and Buy Now): customer, order, total. */
export const ConfirmOrderDialog = ({
  open,
  busy,
  user,
  address,
  onAddressChange,
  addressError,
  totalPaise,
  onClose,
  onConfirm,
  children,
}: ConfirmOrderDialogProps) => {
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={busy ? undefined : onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      <DialogTitle id={titleId}>Confirm Order Details</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <CustomerFields
            user={user}
            address={address}
            onAddressChange={onAddressChange}
            addressError={addressError}
            disabled={busy}
          />
          {children}
          {/* Drawn as an h6, but a paragraph: a heading here broke the page's heading order. */}
          <Typography variant="h6" component="p" sx={{ textAlign: "right" }}>
            Total: {formatRupees(totalPaise)}
          </Typography>
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" onClick={onConfirm} disabled={busy}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
};
