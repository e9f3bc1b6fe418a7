import Typography from "@mui/material/Typography";
import { CartView } from "../../features/cart/components/CartView.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export default function CartRoute() {
  usePageTitle("Cart");
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Cart
      </Typography>
      <CartView />
    </>
  );
}
