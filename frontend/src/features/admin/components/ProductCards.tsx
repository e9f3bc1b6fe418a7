import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActions from "@mui/material/CardActions";
import CardContent from "@mui/material/CardContent";
import CardMedia from "@mui/material/CardMedia";
import Grid from "@mui/material/Grid";
import Typography from "@mui/material/Typography";
import { bookPlace, formatRupees, type Product, payablePaise } from "@shop/contracts";
import { bookImage, cutTitle } from "../../../lib/format.ts";

interface ProductCardsProps {
  products: Product[];
  onEdit: (p: Product) => void;
  onDelete: (p: Product) => void;
}

/** Catalogue items as cards with Edit and Delete (admin book and stationery screens). */
export const ProductCards = ({ products, onEdit, onDelete }: ProductCardsProps) => (
  <Grid container spacing={2} component="ul" sx={{ listStyle: "none", p: 0, m: 0 }}>
    {products.map((p) => (
      <Grid key={p.id} component="li" size={{ xs: 12, sm: 6, md: 4, lg: 3 }} data-testid="admin-product-card">
        <Card variant="outlined" sx={{ height: "100%", display: "flex", flexDirection: "column" }}>
          <CardMedia
            component="img"
            image={bookImage(p.imageUrl)}
            alt={p.title}
            loading="lazy"
            sx={{ height: 140, objectFit: "contain", bgcolor: "grey.100" }}
          />
          <CardContent sx={{ flexGrow: 1 }}>
            <Typography component="h2" variant="subtitle1" title={p.title}>
              {cutTitle(p.title)}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {[p.author, bookPlace(p)].filter(Boolean).join(" · ")}
            </Typography>
            <Typography variant="body2">
              {formatRupees(payablePaise(p.pricePaise, p.discountPaise))}
            </Typography>
          </CardContent>
          <CardActions>
            <Button size="small" onClick={() => onEdit(p)} aria-label={`Edit ${p.title}`}>
              Edit
            </Button>
            <Button size="small" color="error" onClick={() => onDelete(p)} aria-label={`Delete ${p.title}`}>
              Delete
            </Button>
          </CardActions>
        </Card>
      </Grid>
    ))}
  </Grid>
);
