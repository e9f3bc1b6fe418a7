import { useParams } from "react-router-dom";
import { BuyNow } from "../../features/orders/components/BuyNow.tsx";
import { ProductDetails } from "../../features/products/components/ProductDetails.tsx";

export default function ProductRoute() {
  const { id = "" } = useParams();
  return <ProductDetails id={id} renderActions={(p) => <BuyNow product={p} size="large" />} />;
}
