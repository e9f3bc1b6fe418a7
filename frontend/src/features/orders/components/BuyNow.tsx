import Button, { type ButtonProps } from "@mui/material/Button";
import type { Product } from "@shop/contracts";
import { lazy, Suspense, useState } from "react";
import { useLocation, useNavigate } from "react-router-dom";
import { useCurrentUser } from "../../../stores/session.ts";

// The dialog (and the order schema it validates with) loads on the first click.
const BuyNowDialog = lazy(() => import("./BuyNowDialog.tsx").then((m) => ({ default: m.BuyNowDialog })));

interface BuyNowProps {
  /** One product, or a school page's selection (one quantity for all of them). */
  products: Product[];
  source?: "direct" | "school";
  size?: ButtonProps["size"];
  /** Called once the order is placed, before going to /orders. */
  onOrdered?: () => void;
}

/** Buy Now: the order dialog for a logged-in user; /login (and back) otherwise (spec §5). */
export const BuyNow = ({ products, source, size = "small", onOrdered }: BuyNowProps) => {
  const user = useCurrentUser();
  const navigate = useNavigate();
  const location = useLocation();
  const [open, setOpen] = useState(false);

  const start = () => {
    if (!user) {
      navigate("/login", { state: { from: `${location.pathname}${location.search}` } });
      return;
    }
    setOpen(true);
  };

  return (
    <>
      <Button variant="contained" size={size} onClick={start}>
        Buy Now
      </Button>
      {open && (
        <Suspense fallback={null}>
          <BuyNowDialog
            products={products}
            {...(source ? { source } : {})}
            open={open}
            onClose={() => setOpen(false)}
            onOrdered={() => {
              onOrdered?.();
              navigate("/orders");
            }}
          />
        </Suspense>
      )}
    </>
  );
};
