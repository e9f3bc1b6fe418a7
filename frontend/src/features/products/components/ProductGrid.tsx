import Alert from "@mui/material/Alert";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import type { Product } from "@shop/contracts";
import type { ReactNode } from "react";
import { LoadMore } from "../../../components/ui/LoadMore.tsx";
import { type ProductFilter, useProducts } from "../api/get-products.ts";
import { ProductCard } from "./ProductCard.tsx";

interface ProductGridProps {
  filter?: ProductFilter;
  renderActions?: (product: Product) => ReactNode;
  emptyText?: string;
  /** Card target; books go to /product/{id} unless told otherwise. */
  linkTo?: (product: Product) => string;
  /** Only the first page (e.g. the home page's Trending Books): no Load more. */
  firstPageOnly?: boolean;
  /** Which of the loaded items to show (Trending: distinct books). */
  select?: (items: Product[]) => Product[];
}

export const ProductGrid = ({
  filter,
  renderActions,
  emptyText = "No products here.",
  linkTo,
  firstPageOnly = false,
  select = (items) => items,
}: ProductGridProps) => {
  const products = useProducts(filter);
  if (products.isPending) return <Typography>Loading...</Typography>;
  if (products.isError) return <Alert severity="error">{products.error.message}</Alert>;
  const items = select(products.data.pages.flatMap((p) => p.items));
  if (items.length === 0) return <Typography sx={{ my: 2 }}>{emptyText}</Typography>;
  return (
    <>
      <Grid container spacing={{ xs: 1.5, sm: 2 }} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
        {items.map((p) => (
          <Grid key={p.id} component="li" size={{ xs: 6, md: 4, lg: 3 }} data-testid="product-card">
            <ProductCard product={p} actions={renderActions?.(p)} {...(linkTo ? { to: linkTo(p) } : {})} />
          </Grid>
        ))}
      </Grid>
      {!firstPageOnly && <LoadMore pages={products} mt={3} />}
    </>
  );
};
