import Alert from "@mui/material/Alert";
import Box from "@mui/material/Box";
import Grid from "@mui/material/Grid";
import Stack from "@mui/material/Stack";
import Typography from "@mui/material/Typography";
import { bookPlace, type Product, Texts } from "@shop/contracts";
import type { ReactNode } from "react";
import { isApiError } from "../../../lib/api-client.ts";
import { bookImage, formatDate } from "../../../lib/format.ts";
import { useProduct } from "../api/get-product.ts";
import { Price } from "./Price.tsx";

interface ProductDetailsProps {
  id: string;
  renderActions?: (product: Product) => ReactNode;
}

const Fact = ({ label, value }: { label: string; value: string | undefined }) =>
  value ? (
    <Typography variant="body2">
      <Box component="span" sx={{ color: "text.secondary" }}>
        {label}:
      </Box>{" "}
      {value}
    </Typography>
  ) : null;

const safeDate = (iso: string): string => (Number.isNaN(Date.parse(iso)) ? iso : formatDate(iso));

export const ProductDetails = ({ id, renderActions }: ProductDetailsProps) => {
  const product = useProduct(id);
  if (product.isPending) return <Typography>Loading...</Typography>;
  if (product.isError) {
    const notFound = isApiError(product.error) && product.error.status === 404;
    return <Alert severity="error">{notFound ? Texts.bookNotFound : product.error.message}</Alert>;
  }
  const p = product.data;
  return (
    <Grid container spacing={{ xs: 2, md: 4 }} sx={{ my: { xs: 0, md: 2 } }}>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box
          component="img"
          src={bookImage(p.imageUrl)}
          alt={p.title}
          // On a phone the cover stays short, so the title, price and buttons show without scrolling.
          sx={{
            width: "100%",
            maxHeight: { xs: 240, md: 480 },
            objectFit: "contain",
            bgcolor: "grey.100",
            borderRadius: 1,
          }}
        />
      </Grid>
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={1.5}>
          <Typography component="h1" variant="h4" sx={{ fontSize: { xs: "1.6rem", md: "2.125rem" } }}>
            {p.title}
          </Typography>
          {bookPlace(p) && (
            <Typography data-testid="book-place" sx={{ fontWeight: 600, color: "primary.dark" }}>
              {bookPlace(p)}
            </Typography>
          )}
          <Price pricePaise={p.pricePaise} discountPaise={p.discountPaise} size="large" />
          {renderActions && <Box sx={{ display: "flex", gap: 1, flexWrap: "wrap" }}>{renderActions(p)}</Box>}
          <Fact label="Author" value={p.author} />
          <Fact label="Publisher" value={p.publisher} />
          <Fact label="Edition" value={p.edition} />
          <Fact label="Published" value={p.publishedOn && safeDate(p.publishedOn)} />
          <Fact label="Language" value={p.language} />
          <Typography sx={{ whiteSpace: "pre-line" }}>{p.description}</Typography>
        </Stack>
      </Grid>
    </Grid>
  );
};
