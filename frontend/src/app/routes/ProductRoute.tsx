import { useParams } from "react-router-dom";
import { AddToCart } from "../../features/cart/components/AddToCart.tsx";
import { BuyNow } from "../../features/orders/components/BuyNow.tsx";
import { useProduct } from "../../features/products/api/get-product.ts";
import { ProductDetails } from "../../features/products/components/ProductDetails.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

/** /product/{id} and /stationery/{id}: the same details, Add to Cart and Buy Now. */
export default function ProductRoute() {
  const { id = "" } = useParams();
  // The same query as the details' (one request): the title once the product is known.
  usePageTitle(useProduct(id).data?.title ?? "Product");
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
