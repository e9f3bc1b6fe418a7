import Typography from "@mui/material/Typography";
import type { ProductKind } from "@shop/contracts";
import { AddToCart } from "../../features/cart/components/AddToCart.tsx";
import { productPath } from "../../features/products/components/ProductCard.tsx";
import { ProductGrid } from "../../features/products/components/ProductGrid.tsx";
import { usePageTitle } from "../../lib/use-page-title.ts";

export const NO_STATIONERIES = "No Stationaries here.";

const CatalogueList = ({
  title,
  kind,
  emptyText,
}: {
  title: string;
  kind: ProductKind;
  emptyText: string;
}) => {
  usePageTitle(title);
  return (
    <>
      <Typography component="h1" variant="h4" gutterBottom>
        {title}
      </Typography>
      <ProductGrid
        filter={{ kind }}
        emptyText={emptyText}
        linkTo={productPath}
        renderActions={(p) => <AddToCart productId={p.id} whenLoggedOut="toast" />}
      />
    </>
  );
};

export const ViewAllBooksRoute = () => (
  <CatalogueList title="All Books" kind="book" emptyText="No books here." />
);
export const StationeriesRoute = () => (
  <CatalogueList title="Stationery" kind="stationery" emptyText={NO_STATIONERIES} />
);
export const NotebooksRoute = () => (
  <CatalogueList title="Notebooks" kind="notebook" emptyText={NO_STATIONERIES} />
);
