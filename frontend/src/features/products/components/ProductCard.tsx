import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Typography from "@mui/material/Typography";
import type { Product } from "@shop/contracts";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { cutTitle } from "../../../lib/format.ts";
import { Price } from "./Price.tsx";

interface ProductCardProps {
  product: Product;
  /** Buttons the page adds (Buy Now, Add to Cart): they come from other features. */
  actions?: ReactNode;
}

export const ProductCard = ({ product, actions }: ProductCardProps) => (
  <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
    <CardActionArea component={RouterLink} to={`/product/${product.id}`} sx={{ flexGrow: 1 }}>
      <CardMedia
        component="img"
        image={product.imageUrl}
        alt={product.title}
        loading="lazy"
        sx={{ height: 180, objectFit: "contain", bgcolor: "grey.100" }}
      />
      <CardContent>
        <Typography component="h2" variant="subtitle1" title={product.title} gutterBottom>
          {cutTitle(product.title)}
        </Typography>
        <Typography variant="body2" color="text.secondary" gutterBottom>
          {product.author}
        </Typography>
        <Price pricePaise={product.pricePaise} discountPaise={product.discountPaise} />
      </CardContent>
    </CardActionArea>
    {actions && <CardActions>{actions}</CardActions>}
  </Card>
);
