import Typography from "@mui/material/Typography";
import { CartView } from "../../features/cart/components/CartView.tsx";

export default function CartRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Cart
      </Typography>
      <CartView />
    </>
  );
}
