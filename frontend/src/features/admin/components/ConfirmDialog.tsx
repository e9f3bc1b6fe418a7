import Button from "@mui/material/Button";
import Dialog from "@mui/material/Dialog";
import DialogActions from "@mui/material/DialogActions";
import DialogTitle from "@mui/material/DialogTitle";

interface ConfirmDialogProps {
  open: boolean;
  title?: string;
  busy?: boolean;
  onYes: () => void;
  onNo: () => void;
}

/** Spec: delete confirmation 'Confirm Delete?' with Yes and No. */
export const ConfirmDialog = ({
  open,
  title = "Confirm Delete?",
  busy = false,
  onYes,
  onNo,
}: ConfirmDialogProps) => (
  <Dialog open={open} onClose={busy ? undefined : onNo} aria-labelledby="confirm-title">
    <DialogTitle id="confirm-title">{title}</DialogTitle>
    <DialogActions>
      <Button onClick={onNo} disabled={busy}>
        No
      </Button>
      <Button onClick={onYes} color="error" variant="contained" disabled={busy}>
        Yes
      </Button>
    </DialogActions>
  </Dialog>
);
