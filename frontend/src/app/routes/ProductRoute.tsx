import { useParams } from "react-router-dom";
import { AddToCart } from "../../features/cart/components/AddToCart.tsx";
import { BuyNow } from "../../features/orders/components/BuyNow.tsx";
import { ProductDetails } from "../../features/products/components/ProductDetails.tsx";

/** /product/{id} and /stationery/{id}: the same details, Add to Cart and Buy Now. */
export default function ProductRoute() {
  const { id = "" } = useParams();
  return (
    <ProductDetails
      key={id}
      id={id}
      renderActions={(p) => (
        <>
          <AddToCart productId={p.id} whenLoggedOut="login" size="large" />
          <BuyNow products={[p]} size="large" />
        </>
      )}
    />
  );
}
