import Box from "@mui/material/Box";
import Button from "@mui/material/Button";
import Card from "@mui/material/Card";
import CardActionArea from "@mui/material/CardActionArea";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import type { ReactNode } from "react";
import { Link as RouterLink } from "react-router-dom";
import { ChatIcon } from "../../components/ui/icons.tsx";
import { chatLink } from "../../config/shop.ts";
import { AddToCart } from "../../features/cart/components/AddToCart.tsx";
import { ProductGrid } from "../../features/products/components/ProductGrid.tsx";
import { distinctBooks } from "../../features/products/distinct-books.ts";
import { PromotionBanner } from "../../features/promotions/components/PromotionBanner.tsx";
import { SchoolsCarousel } from "../../features/schools/components/SchoolsCarousel.tsx";

// Spec "Home": the category entries have no target.
const CATEGORIES = ["JEE Exam", "NEET Exam", "SSC Railways", "Competitive Exam", "All Stationary"];

const BLURBS: [title: string, text: string][] = [
  ["Nation Wide Delivery", "Books and stationery delivered to every corner of India, with free shipping."],
  ["Safe Payment", "Every payment is protected from the moment you place your order."],
  ["Shop With Confidence", "The exact books your school prescribes, class by class."],
  ["24/7 Support", "Questions about an order? We are here around the clock."],
];

const Section = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => (
  <Box component="section" aria-label={title} sx={{ mt: 5 }}>
    <Box sx={{ display: "flex", alignItems: "baseline", justifyContent: "space-between", mb: 2, gap: 2 }}>
      <Typography component="h2" variant="h5" sx={{ fontWeight: 700 }}>
        {title}
      </Typography>
      {action}
    </Box>
    {children}
  </Box>
);

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

export default function HomeRoute() {
  return (
    <>
      {/* The chips scroll sideways on a phone; the chat button beside them stays on screen. */}
      <Box
        component="nav"
        aria-label="Categories"
        sx={{ display: "flex", gap: 1, mb: 2, alignItems: "center" }}
      >
        <Box sx={{ display: "flex", gap: 1, overflowX: "auto", pb: 1, flex: "1 1 0", minWidth: 0 }}>
          {CATEGORIES.map((c) => (
            <Box
              key={c}
              component="span"
              sx={{
                px: 2,
                py: 0.75,
                borderRadius: 4,
                bgcolor: "common.white",
                border: 1,
                borderColor: "divider",
                whiteSpace: "nowrap",
                fontSize: 14,
              }}
            >
              {c}
            </Box>
          ))}
        </Box>
        <Button
          component="a"
          href={chatLink()}
          target="_blank"
          rel="noopener noreferrer"
          variant="contained"
          color="success"
          startIcon={<ChatIcon />}
          sx={{ whiteSpace: "nowrap", flexShrink: 0, mb: 1 }}
        >
          Chat with us
        </Button>
      </Box>

      <PromotionBanner />

      <Section title="Schools">
        <SchoolsCarousel />
      </Section>

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
