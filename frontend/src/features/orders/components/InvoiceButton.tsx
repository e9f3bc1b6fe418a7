import Button, { type ButtonProps } from "@mui/material/Button";
import type { Order } from "@shop/contracts";
import { useState } from "react";
import { toast } from "../../../components/ui/toast.ts";

export const INVOICE_FAILED = "Cannot create the invoice!";

/** Builds and saves the receipt PDF; jsPDF and the font load on the first click only. */
export const InvoiceButton = ({
  order,
  label = "Invoice",
  variant = "outlined",
}: {
  order: Order;
  label?: string;
  variant?: ButtonProps["variant"];
}) => {
  const [busy, setBusy] = useState(false);
  const click = async () => {
    if (busy) return;
    setBusy(true);
    try {
      const { downloadReceipt } = await import("../invoice/download.ts");
      await downloadReceipt(order);
    } catch {
      toast.error(INVOICE_FAILED);
    } finally {
      setBusy(false);
    }
  };
  return (
    // aria-disabled, not disabled: a disabled button loses the keyboard's focus to the page.
    <Button variant={variant} onClick={click} aria-disabled={busy}>
      {label}
    </Button>
  );
};
