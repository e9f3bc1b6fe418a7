import { Texts } from "@shop/contracts";
import { useState } from "react";
import { ConfirmOrderDialog } from "../../../components/ui/ConfirmOrderDialog.tsx";
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
  /** True while the order is being placed (the cart may empty, live, before the answer). */
  onPlacing?: (placing: boolean) => void;
}

/** Spec "Cart": Buy Now opens 'Confirm Order Details'; success toasts 'Order Created!'. */
export default function CheckoutDialog({
  open,
  payablePaise,
  onClose,
  onOrdered,
  onPlacing,
}: CheckoutDialogProps) {
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
    onPlacing?.(true);
    checkout.mutateAsync({ orderId, shippingAddress, expectedPayablePaise: payablePaise }).then(
      ({ orderId: placed }) => {
        toast.success(Texts.orderCreated);
        onOrdered(placed);
      },
      (error: unknown) => {
        onPlacing?.(false);
        const known = isApiError(error) && error.status === 409;
        toast.error(known ? error.detail : Texts.orderCreateFailed);
        // 'Prices changed': the cart is refetched (useCheckout) and this dialog shows its new
        // total, so the next Confirm places the order; any other refusal closes it.
        if (known && error.detail !== Texts.pricesChanged) onClose();
      },
    );
  };

  return (
    <ConfirmOrderDialog
      open={open}
      busy={checkout.isPending}
      user={user}
      address={address}
      onAddressChange={setAddress}
      addressError={addressError}
      totalPaise={payablePaise}
      onClose={onClose}
      onConfirm={confirm}
    />
  );
}
