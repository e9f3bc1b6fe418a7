import Box from "@mui/material/Box";
import Container from "@mui/material/Container";
import Grid from "@mui/material/Grid";
import Link from "@mui/material/Link";
import Typography from "@mui/material/Typography";
import { Link as RouterLink } from "react-router-dom";
import { SHOP } from "../../config/shop.ts";

// Spec §1: every footer link points to the cart page.
const LINKS = ["Careers", "Stores", "Terms", "Privacy", "Help", "How to Buy", "Track Order", "Returns"];

export default function Footer() {
  return (
    <Box component="footer" sx={{ bgcolor: "grey.900", color: "grey.100", mt: 6, py: 4 }}>
      <Container>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <Typography variant="h6" component="p" sx={{ fontWeight: 700 }}>
              {SHOP.name}
            </Typography>
            <Typography component="address" sx={{ fontStyle: "normal", mt: 1 }}>
              {SHOP.address}
              <br />
              E-mail:{" "}
              <Link href={`mailto:${SHOP.email}`} color="inherit">
                {SHOP.email}
              </Link>
              <br />
              Phone:{" "}
              <Link href={`tel:${SHOP.phone.replace(/\s/g, "")}`} color="inherit">
                {SHOP.phone}
              </Link>
            </Typography>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <Box
              component="ul"
              aria-label="Footer links"
              sx={{ listStyle: "none", p: 0, m: 0, display: "grid", gridTemplateColumns: "1fr 1fr", gap: 1 }}
            >
              {LINKS.map((label) => (
                <li key={label}>
                  <Link component={RouterLink} to="/cart" color="inherit">
                    {label}
                  </Link>
                </li>
              ))}
            </Box>
          </Grid>
        </Grid>
      </Container>
    </Box>
  );
}
