import Box from "@mui/material/Box";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { AddToCart } from "../../features/cart/components/AddToCart.tsx";
import { ProductGrid } from "../../features/products/components/ProductGrid.tsx";
import { distinctBooks } from "../../features/products/distinct-books.ts";
import { Section } from "./HomeSection.tsx";

// The home page below its first screen (./HomeRoute.tsx): a chunk of its own, asked for once the
// first screen has painted.

const BLURBS: [title: string, text: string][] = [
  ["Nation Wide Delivery", "Books and stationery delivered to every corner of India, with free shipping."],
  ["Safe Payment", "Every payment is protected from the moment you place your order."],
  ["Shop With Confidence", "The exact books your school prescribes, class by class."],
  ["24/7 Support", "Questions about an order? We are here around the clock."],
];

const CategoryCard = ({
  to,
  title,
  text,
  colour,
}: {
  to: string;
  title: string;
  text: string;
  colour: string;
}) => (
  <Card variant="outlined" sx={{ height: "100%" }}>
    <CardActionArea component={RouterLink} to={to} sx={{ p: 3, height: "100%", bgcolor: colour }}>
      <Typography component="h3" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      <Typography color="text.secondary">{text}</Typography>
    </CardActionArea>
  </Card>
);

/** The category cards, Trending Books and the blurbs. */
export default function HomeBelowTheFold() {
  return (
    <>
      <Box component="section" aria-label="Notebooks and Stationery" sx={{ mt: 5 }}>
        <Grid container spacing={2}>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CategoryCard
              to="/notebooks"
              title="Notebooks"
              text="Ruled, unruled and long-book notebooks."
              colour="#e3f2fd"
            />
          </Grid>
          <Grid size={{ xs: 12, sm: 6 }}>
            <CategoryCard
              to="/stationeries"
              title="Stationery"
              text="Pens, pencils, geometry boxes and more."
              colour="#fff3e0"
            />
          </Grid>
        </Grid>
      </Box>

      <Section
        title="Trending Books"
        action={
          <Link component={RouterLink} to="/viewallBooks">
            View More
          </Link>
        }
      >
        <ProductGrid
          // Every class 8 book (a few per school), shown once per title: the card names its school.
          filter={{ kind: "book", class: 8, limit: 100 }}
          select={(items) => distinctBooks(items, 8)}
          firstPageOnly
          renderActions={(p) => <AddToCart productId={p.id} whenLoggedOut="toast" />}
        />
      </Section>

      <Box component="section" aria-label="Why shop with us" sx={{ mt: 6 }}>
        <Grid container spacing={2}>
          {BLURBS.map(([title, text]) => (
            <Grid key={title} size={{ xs: 12, sm: 6, md: 3 }}>
              <Box
                sx={{
                  p: 2,
                  height: "100%",
                  bgcolor: "common.white",
                  borderRadius: 2,
                  border: 1,
                  borderColor: "divider",
                }}
              >
                <Typography component="h3" variant="subtitle1" sx={{ fontWeight: 700 }}>
                  {title}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {text}
                </Typography>
              </Box>
            </Grid>
          ))}
        </Grid>
      </Box>
    </>
  );
}
