import Typography from "@mui/material/Typography";
import { BuyNow } from "../../features/orders/components/BuyNow.tsx";
import { ProductGrid } from "../../features/products/components/ProductGrid.tsx";

export default function HomeRoute() {
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        Books, notebooks and stationery
      </Typography>
      <ProductGrid renderActions={(p) => <BuyNow product={p} />} />
    </>
  );
}
