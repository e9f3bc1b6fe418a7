import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Typography from "@mui/material/Typography";
import { bookPlace, type Product } from "@shop/contracts";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { bookImage, cutTitle } from "../../../lib/format.ts";
import { Price } from "./Price.tsx";

interface ProductCardProps {
  product: Product;
  /** Buttons the page adds (Buy Now, Add to Cart): they come from other features. */
  actions?: ReactNode;
  /** Where the card leads: /product/{id} for books, /stationery/{id} on the stationery lists. */
  to?: string;
}

export const productPath = (p: { id: string; kind: string }): string =>
  p.kind === "book" ? `/product/${p.id}` : `/stationery/${p.id}`;

/** A book's school and class, so same-title books of different schools are told apart. */
export const BookPlace = ({ product }: { product: Product }) => {
  const place = bookPlace(product);
  return place ? (
    <Typography variant="body2" data-testid="book-place" sx={{ fontWeight: 600, color: "primary.dark" }}>
      {place}
    </Typography>
  ) : null;
};

export const ProductCard = ({ product, actions, to = `/product/${product.id}` }: ProductCardProps) => (
  <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
    <CardActionArea component={RouterLink} to={to} sx={{ flexGrow: 1 }}>
      <CardMedia
        component="img"
        image={bookImage(product.imageUrl)}
        alt={product.title}
        loading="lazy"
        sx={{ height: { xs: 140, sm: 180 }, objectFit: "contain", bgcolor: "grey.100" }}
      />
      <CardContent sx={{ p: { xs: 1.5, sm: 2 } }}>
        <Typography component="h2" variant="subtitle1" title={product.title} gutterBottom>
          {cutTitle(product.title)}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {product.author}
        </Typography>
        <Price pricePaise={product.pricePaise} discountPaise={product.discountPaise} />
      </CardContent>
    </CardActionArea>
    {/* Beside the link, not in its name: a search for a school then finds one link named for it. */}
    {bookPlace(product) && (
      <CardContent sx={{ px: { xs: 1.5, sm: 2 }, py: 0, "&:last-child": { pb: 1 } }}>
        <BookPlace product={product} />
      </CardContent>
    )}
    {actions && (
      <CardActions sx={{ flexWrap: "wrap", gap: 1, "& > :not(style) ~ :not(style)": { ml: 0 } }}>
        {actions}
      </CardActions>
    )}
  </Card>
);
