import Box from "@mui/material/Box";
import Typography from "@mui/material/Typography";
import { PlaceOrderBody, type Product, payablePaise, Texts, validate } from "@shop/contracts";
import { useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { ConfirmOrderDialog } from "../../../components/ui/ConfirmOrderDialog.tsx";
import { QuantityStepper } from "../../../components/ui/QuantityStepper.tsx";
import { toast } from "../../../components/ui/toast.ts";
import { isApiError } from "../../../lib/api-client.ts";
import { useOrderIdFor } from "../../../lib/use-order-id.ts";
import { useCurrentUser } from "../../../stores/session.ts";
import { type PlaceOrderInput, usePlaceOrder } from "../api/place-order.ts";

const MAX_QUANTITY = 99;

interface BuyNowDialogProps {
  products: Product[];
  source?: "direct" | "school";
  open: boolean;
  onClose: () => void;
  onOrdered: (orderId: string) => void;
}

export const BuyNowDialog = ({ products, source, open, onClose, onOrdered }: BuyNowDialogProps) => {
  const user = useCurrentUser();
  const [address, setAddress] = useState(user?.address ?? "");
  const [quantity, setQuantity] = useState(1);
  const [addressError, setAddressError] = useState<string | null>(null);
  const placeOrder = usePlaceOrder();
  const queryClient = useQueryClient();
  const orderIdFor = useOrderIdFor();

  const unitPaise = products.reduce((sum, p) => sum + payablePaise(p.pricePaise, p.discountPaise), 0);
  const totalPaise = unitPaise * quantity;

  const confirm = () => {
    // Spec "School": Confirm does nothing if no books are selected.
    if (products.length === 0) return;
    const content = JSON.stringify([products.map((p) => p.id), quantity, address.trim(), totalPaise]);
    const orderId = orderIdFor(content);
    const input: PlaceOrderInput = {
      orderId,
      items: products.map((p) => ({ productId: p.id, quantity })),
      shippingAddress: address.trim(),
      expectedPayablePaise: totalPaise,
      ...(source ? { source } : {}),
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
    <ConfirmOrderDialog
      open={open}
      busy={placeOrder.isPending}
      user={user}
      address={address}
      onAddressChange={setAddress}
      addressError={addressError}
      totalPaise={totalPaise}
      onClose={onClose}
      onConfirm={confirm}
    >
      <Box sx={{ display: "flex", alignItems: "center", gap: 2, flexWrap: "wrap" }}>
        <Box
          component="ul"
          sx={{
            flexGrow: 1,
            m: 0,
            pl: products.length > 1 ? 2 : 0,
            listStyle: products.length > 1 ? "disc" : "none",
          }}
        >
          {products.length === 0 && <Typography component="li">No books selected</Typography>}
          {products.map((p) => (
            <Typography component="li" key={p.id}>
              {p.title}
            </Typography>
          ))}
        </Box>
        <QuantityStepper
          value={quantity}
          onChange={setQuantity}
          max={MAX_QUANTITY}
          disabled={placeOrder.isPending}
        />
      </Box>
    </ConfirmOrderDialog>
  );
};
